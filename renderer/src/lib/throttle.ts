/**
 * Runs `run` at most once per `intervalMs` however often it is asked for: a request inside the
 * interval waits for its end, and requests meanwhile are one run. For reads that follow events
 * (a burst of changes is one read, not one per change).
 */
export function createThrottle(run: () => void, intervalMs: number): { now(): void; request(): void; cancel(): void } {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let lastRun = 0;
  const now = () => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
    lastRun = Date.now();
    run();
  };
  return {
    /** Runs at once (the first read), and counts the interval from here. */
    now,
    request() {
      if (timer !== null) return;
      timer = setTimeout(now, Math.max(0, lastRun + intervalMs - Date.now()));
    },
    cancel() {
      if (timer !== null) clearTimeout(timer);
      timer = null;
    },
  };
}
