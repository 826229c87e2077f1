// What the Electron stand-in shares with its driver: the journal of every call the host made,
// and live references to what the host registered (handlers, windows) so the test can use them.

/** @typedef {{ seq: number, api: string, call: string, args: unknown[], afterReady: boolean }} JournalEntry */

/** @type {JournalEntry[]} */
export const journal = [];
/** @type {Set<(entry: JournalEntry) => void>} */
const watchers = new Set();

export const registry = {
  ready: false,
  quitting: false,
  /** @type {Map<string, (request: Request) => Promise<Response> | Response>} */
  protocolHandlers: new Map(),
  /** @type {Map<string, (event: unknown, ...args: unknown[]) => unknown>} */
  ipcHandlers: new Map(),
  /** @type {((webContents: unknown, permission: string, callback: (granted: boolean) => void, details: unknown) => void) | null} */
  permissionRequestHandler: null,
  /** @type {((webContents: unknown, permission: string, origin: string, details: unknown) => boolean) | null} */
  permissionCheckHandler: null,
  /** @type {any[]} the BrowserWindows alive, oldest first */
  windows: [],
  /**
   * Notifications shown, oldest first: what they said, and the object itself held weakly, as
   * Electron holds it (a notification nobody keeps is collected, and its click is lost).
   * @type {Array<{ id: number, title: string, body: string, ref: WeakRef<any> }>}
   */
  notifications: [],
  /** Replaced by the driver: how the process ends when the app quits or exits. */
  exitProcess: (/** @type {number} */ code) => process.exit(code),
};

/** Subscribes to every new journal entry; returns the unsubscribe function. */
export function watchJournal(/** @type {(entry: JournalEntry) => void} */ watcher) {
  watchers.add(watcher);
  return () => watchers.delete(watcher);
}

/** Records one call, its arguments made cloneable (functions and native objects described). */
export function record(
  /** @type {string} */ api,
  /** @type {string} */ call,
  /** @type {unknown[]} */ args = [],
) {
  const entry = {
    seq: journal.length,
    api,
    call,
    args: args.map((a) => describe(a, 0)),
    afterReady: registry.ready,
  };
  journal.push(entry);
  for (const watcher of watchers) watcher(entry);
}

/** A JSON-like copy the test can receive over IPC. */
function describe(/** @type {unknown} */ value, /** @type {number} */ depth) {
  if (typeof value === 'function') return '[function]';
  if (value === null || typeof value !== 'object') return value;
  if (value instanceof Uint8Array) return `[${value.byteLength} bytes]`;
  if (typeof (/** @type {any} */ (value).standinLabel) === 'string')
    return /** @type {any} */ (value).standinLabel;
  if (depth > 6) return '[deep]';
  if (Array.isArray(value)) return value.map((v) => describe(v, depth + 1));
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, describe(v, depth + 1)]));
}
