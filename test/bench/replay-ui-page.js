// In-page helpers for test/bench/replay-ui.ts (plain JS: it runs in Chromium, not in Node).
(() => {
  const panel = () => document.querySelector('[data-testid="replay-signature-panel"]');
  const nextPaint = () => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
  let lastKeyAt = 0;
  let lastFreshAt = 0;
  let waiters = [];
  document.addEventListener('keydown', () => (lastKeyAt = performance.now()), true);
  const notify = () => {
    const pending = waiters;
    waiters = [];
    pending.forEach((check) => check());
  };
  window.__replayBench = {
    /** Starts following the panel: each time it shows a fresh signature, note when it was painted. */
    watchSignature() {
      const el = panel();
      new MutationObserver(() => {
        if (el.getAttribute('data-stale') === 'false') {
          void nextPaint().then(() => {
            lastFreshAt = performance.now();
            notify();
          });
        }
      }).observe(el, { attributes: true, attributeFilter: ['data-stale'] });
    },
    /**
     * Called once the keys are typed: the time from the last keystroke to the panel painting the
     * signature of the text as it now is (not stale, painted after that keystroke).
     */
    waitSignature() {
      return new Promise((resolve) => {
        const check = () => {
          if (panel().getAttribute('data-stale') === 'false' && lastFreshAt > lastKeyAt) resolve(lastFreshAt - lastKeyAt);
          else waiters.push(check);
        };
        check();
      });
    },
    /** The bare core call the panel makes, timed from the page: the baseline. */
    async signRoundTrip(text) {
      const start = performance.now();
      const res = await fetch('/api/calls/replay.sign', {
        method: 'POST',
        // The page keeps the run's token in sessionStorage (renderer/src/transport/page-token.ts).
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${sessionStorage.getItem('hooklab.token')}` },
        body: JSON.stringify({
          request: {
            body: { kind: 'text', text },
            headers: { eventId: { mode: 'new' }, eventCreated: { mode: 'now' } },
          },
        }),
      });
      const envelope = await res.json();
      if (!envelope.ok) throw new Error(envelope.error.message);
      return performance.now() - start;
    },
    /** Time from the tab click to the first row (or the empty-table text) painted. */
    historyPaint() {
      return new Promise((resolve) => {
        const start = performance.now();
        const done = () => void nextPaint().then(() => resolve(performance.now() - start));
        const ready = () => document.querySelector('[data-testid="replay-history-table"] [data-testid="data-row"], [data-testid="replay-history-table"] .data-table__empty');
        const observer = new MutationObserver(() => {
          const found = ready();
          if (found && !(found.classList.contains('data-table__empty') && found.textContent === 'Loading…')) {
            observer.disconnect();
            done();
          }
        });
        observer.observe(document.body, { childList: true, subtree: true, characterData: true });
        document.querySelector('[data-testid="replay-tab-history"]').click();
      });
    },
  };
})();
