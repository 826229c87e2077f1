// In-page helpers for test/bench/sequences-ui.ts (plain JS: it runs in Chromium, not in Node).
(() => {
  /** Resolves when `test()` holds, checked on every DOM change; fails after 60 s instead of hanging. */
  const until = (test, what) =>
    new Promise((resolve, reject) => {
      if (test()) return resolve();
      const timer = setTimeout(() => {
        observer.disconnect();
        reject(new Error(`timed out waiting for ${what}`));
      }, 60_000);
      const observer = new MutationObserver(() => {
        if (test()) {
          clearTimeout(timer);
          observer.disconnect();
          resolve();
        }
      });
      observer.observe(document.body, { childList: true, subtree: true, attributes: true });
    });
  /** After the next frame has been painted. */
  const painted = () => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));

  window.__seqBench = {
    /** Time from the deep link to the order's timeline (all `rows`, or any with null) and diagram painted. */
    async openOrder(orderId, rows) {
      const start = performance.now();
      window.location.hash = `#/sequences/${encodeURIComponent(orderId)}`;
      await until(() => {
        const order = document.querySelector('[data-testid="sequence-order"]');
        return (
          order?.getAttribute('data-order-id') === orderId &&
          document.querySelector('[data-testid="sequence-diagram"]') &&
          (rows === null || document.querySelectorAll('[data-testid="timeline-row"]').length === rows)
        );
      }, `order ${orderId}`);
      await painted();
      return performance.now() - start;
    },
    /**
     * Scrolls the orders list for `ms` by `step` pixels a frame (a number, or 'page' for a
     * screenful), counting frames and long tasks; with step 0 the same loop runs without
     * scrolling (the machine's own floor).
     */
    async scroll(ms, step) {
      const body = document.querySelector('[data-testid="sequences-table-body"]');
      let longTasks = 0;
      let longest = 0;
      const observer = new PerformanceObserver((list) => {
        for (const e of list.getEntries()) {
          longTasks++;
          longest = Math.max(longest, e.duration);
        }
      });
      observer.observe({ type: 'longtask' });
      const frames = [];
      const start = performance.now();
      let direction = 1;
      await new Promise((resolve) => {
        const tick = (now) => {
          frames.push(now);
          if (body.scrollTop + body.clientHeight >= body.scrollHeight - 1) direction = -1;
          else if (body.scrollTop <= 0) direction = 1;
          if (step) body.scrollTop += direction * (step === 'page' ? body.clientHeight : step);
          if (now - start < ms) requestAnimationFrame(tick);
          else resolve();
        };
        requestAnimationFrame(tick);
      });
      await painted();
      observer.disconnect();
      let maxGap = 0;
      for (let i = 1; i < frames.length; i++) maxGap = Math.max(maxGap, frames[i] - frames[i - 1]);
      return { frames: frames.length, maxGapMs: Math.round(maxGap), longTasks, longestTaskMs: Math.round(longest), rowsInDom: document.querySelectorAll('[data-testid="sequences-table"] [data-testid="data-row"]').length };
    },
  };
})();
