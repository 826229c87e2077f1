/**
 * The IPC channel names between the preload and the desktop host, written once: a contract call
 * goes on its own channel (so the main process checks its sender per call), events come on one.
 */
export const callChannel = (name: string): string => `hooklab:call:${name}`;
export const EVENT_CHANNEL = 'hooklab:event';
