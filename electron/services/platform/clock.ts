/** Time as services see it; injected so tests can control token expiry and backoff. */
export interface Clock {
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };
