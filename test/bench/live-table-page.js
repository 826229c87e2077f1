// In-page helpers for test/bench/live-table.ts (plain JS: it runs in Chromium, not in Node).
(() => {
  const count = () => document.querySelector('[data-testid="live-count"]');
  const updates = () => Number(document.querySelector('[data-testid="page-live"]').getAttribute('data-live-updates'));
  window.__liveBench = {
    /** Time from the input event to the count showing the search's result. */
    async search(query) {
      const input = document.querySelector('[data-testid="live-search"]');
      const el = count();
      const before = el.textContent;
      const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set;
      const changed = new Promise((resolve) => {
        const observer = new MutationObserver(() => {
          if (el.textContent !== before) {
            observer.disconnect();
            resolve(performance.now());
          }
        });
        observer.observe(el, { childList: true, subtree: true, characterData: true });
      });
      const start = performance.now();
      setter.call(input, query);
      input.dispatchEvent(new Event('input', { bubbles: true }));
      const end = await changed;
      setter.call(input, '');
      input.dispatchEvent(new Event('input', { bubbles: true }));
      await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
      return end - start;
    },
    startBurst() {
      const w = window.__liveBench;
      w.frames = [];
      w.longTasks = 0;
      w.startUpdates = updates();
      new PerformanceObserver((list) => (w.longTasks += list.getEntries().length)).observe({ type: 'longtask' });
      const tick = () => {
        w.frames.push(performance.now());
        if (!w.stopped) requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
    },
    endBurst() {
      const w = window.__liveBench;
      w.stopped = true;
      const gaps = w.frames.slice(1).map((t, i) => t - w.frames[i]);
      return { updates: updates() - w.startUpdates, frames: w.frames.length, maxGapMs: Math.round(Math.max(...gaps)), longTasks: w.longTasks };
    },
  };
})();
