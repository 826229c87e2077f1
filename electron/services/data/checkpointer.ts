import { Worker } from 'node:worker_threads';
import { FALLBACK_AUTOCHECKPOINT_PAGES, type Database } from './database';

/** How often the background connection copies the WAL back into the database file. */
const CHECKPOINT_EVERY_MS = 200;

/*
 * The worker's whole source, run with `eval` so the Electron bundle and tsx need no separate
 * worker entry: its own connection to the same file, a PASSIVE checkpoint on a timer (it never
 * waits for or blocks a writer), and the file closed when told to stop.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { DatabaseSync } = require('node:sqlite');
const db = new DatabaseSync(workerData.path);
db.exec('PRAGMA busy_timeout = 0');
const timer = setInterval(() => {
  try { db.exec('PRAGMA wal_checkpoint(PASSIVE)'); } catch { /* busy or closing: next tick */ }
}, workerData.everyMs);
parentPort.on('message', () => {
  clearInterval(timer);
  try { db.close(); } catch {}
  parentPort.close();
});
`;

export interface Checkpointer {
  /** Stops the worker and closes its connection (before the main connection closes). */
  stop(): Promise<void>;
}

/**
 * Moves WAL checkpoints off the main thread. By default SQLite checkpoints inside whichever
 * COMMIT pushes the WAL past 1,000 pages, and that checkpoint fsyncs the database file, on the
 * thread that also answers webhooks and serves the UI (test/bench/store-writes.ts: the history
 * copy costs 11.7 µs a row that way, 8.2 µs with this worker). Here the main connection only
 * appends to the WAL and a worker thread with its own connection checkpoints in the background.
 */
export function startCheckpointer(db: Database, path: string): Checkpointer {
  if (path === ':memory:') return { stop: async () => {} };
  db.exec(`PRAGMA wal_autocheckpoint = ${FALLBACK_AUTOCHECKPOINT_PAGES}`);
  const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { path, everyMs: CHECKPOINT_EVERY_MS } });
  worker.unref();
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  // A failed worker only costs speed: the fallback autocheckpoint above keeps the WAL bounded.
  worker.on('error', () => {});
  return {
    async stop() {
      worker.ref(); // keep the process alive until the worker has closed its connection
      worker.postMessage('stop');
      await exited;
    },
  };
}
