/**
 * Calls and events of the Sandbox area (embedded emulator, scenarios, environment switch).
 */
export const sandboxCalls = {} as const;
export const sandboxEvents = {} as const;
