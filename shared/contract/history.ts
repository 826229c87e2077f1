/**
 * Calls and events of the History area (client, poller, resend, reconciliation, diff).
 */
export const historyCalls = {} as const;
export const historyEvents = {} as const;
