/**
 * New unique event ids for replays: numeric like the service's (see docs/service.md#event-ids), the clock in
 * milliseconds (13 digits: a 64-bit integer, as a receiver stores the service's ids) and
 * strictly increasing within the process, so two replays never share one unless the user asks
 * (keep, typed, reused-event-id, or "send N times").
 */
export function createEventIdGenerator(nowMs: () => number): () => string {
  let last = 0;
  return () => {
    last = Math.max(last + 1, Math.floor(nowMs()));
    return String(last);
  };
}
