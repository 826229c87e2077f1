/**
 * Calls and events of the Live area (listener, forwarding, tunnel). Owned by the live feature.
 */
export const liveCalls = {} as const;
export const liveEvents = {} as const;
