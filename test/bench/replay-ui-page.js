// In-page helpers for test/bench/replay-ui.ts (plain JS: it runs in Chromium, not in Node).
(() => {
  const panel = () => document.querySelector('[data-testid="replay-signature-panel"]');
  const nextPaint = () => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
  let lastKeyAt = 0;
  document.addEventListener('keydown', () => (lastKeyAt = performance.now()), true);
  window.__replayBench = {
    /**
     * Resolves with the time from the last keystroke to the signature of the text as it is
     * then being shown (the panel's data-stale back to "false", then the next paint).
     */
    armSignature() {
      const el = panel();
      window.__replayBench.pending = new Promise((resolve) => {
        const observer = new MutationObserver(() => {
          if (el.getAttribute('data-stale') === 'false' && lastKeyAt > 0) {
            observer.disconnect();
            void nextPaint().then(() => resolve(performance.now() - lastKeyAt));
          }
        });
        observer.observe(el, { attributes: true, attributeFilter: ['data-stale'] });
      });
    },
    waitSignature() {
      return window.__replayBench.pending;
    },
    /** The bare core call the panel makes, timed from the page: the baseline. */
    async signRoundTrip(text) {
      const start = performance.now();
      const res = await fetch('/api/calls/replay.sign', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
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
