/**
 * New unique event ids for replays: numeric like the service's (6.1), from the clock in
 * microseconds and strictly increasing within the process, so two replays never share one
 * unless the user asks (keep, typed, reused-event-id, or "send N times").
 */
export function createEventIdGenerator(nowMs: () => number): () => string {
  let last = 0;
  return () => {
    last = Math.max(last + 1, Math.floor(nowMs() * 1000));
    return String(last);
  };
}
