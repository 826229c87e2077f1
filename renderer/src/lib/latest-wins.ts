/**
 * Runs an async job for the latest input only: while one run is in flight, newer inputs
 * replace each other and the last one runs as soon as the first settles. Results of runs that
 * were overtaken are dropped. So a 1 MB body typed fast costs one request at a time, and the
 * answer shown is always for the text as it is now: at most one round trip after the last
 * keystroke, with no fixed debounce delay added.
 */
export interface LatestWins<I> {
  run(input: I): void;
  /** Stops delivering results (unmount). */
  dispose(): void;
}

export function createLatestWins<I, R>(
  job: (input: I) => Promise<R>,
  onResult: (result: R, input: I) => void,
  onError: (error: unknown, input: I) => void,
): LatestWins<I> {
  let inFlight = false;
  let pending: { input: I } | null = null;
  let disposed = false;
  const start = (input: I) => {
    inFlight = true;
    job(input).then(
      (result) => settle(() => onResult(result, input)),
      (error: unknown) => settle(() => onError(error, input)),
    );
  };
  const settle = (deliver: () => void) => {
    inFlight = false;
    if (disposed) return;
    if (pending) {
      const next = pending;
      pending = null;
      start(next.input);
    } else deliver();
  };
  return {
    run(input) {
      if (disposed) return;
      if (inFlight) pending = { input };
      else start(input);
    },
    dispose() {
      disposed = true;
      pending = null;
    },
  };
}

/**
 * The other shape of "latest answer wins", for calls that must each start at once (a list read
 * and then its pages, a reload that replaces state): every call is a turn, and only the newest
 * turn's answers are applied. `begin()` starts a turn and returns whether it is still the newest;
 * `cancel()` makes every turn begun so far stale (a page left: an answer still under way is not
 * applied).
 */
export interface LatestOnly {
  begin(): () => boolean;
  cancel(): void;
}

export function createLatestOnly(): LatestOnly {
  let newest = 0;
  return {
    begin() {
      const turn = ++newest;
      return () => turn === newest;
    },
    cancel() {
      newest++;
    },
  };
}
