import { Worker } from 'node:worker_threads';
import type { KnownKey } from '../../../../shared/signing/diagnose';
import type { ListenerSettings } from '../../../../shared/settings';
import type { DeliverySummary, HandlerSummary } from '../../../../shared/contract/live';
import type { ResendEntry } from '../../../services/resend-requests/resend-requests';
import type { RetentionLimits, StoredTotals } from '../../../services/data/received-delivery';
import type { ProbeTicket } from '../probe/probe-tickets';
import { workerEntry } from '../../../services/platform/worker-entry';
import type { FromListener, ListenerOp, ListenerThreadData, ThreadError, ToListener } from './thread-protocol';

/** What the thread starts with (ListenerThreadData), and where what it reports goes. */
export interface ListenerThreadDeps extends ListenerThreadData {
  /** Once per committed batch, with what is stored after retention ran. */
  readonly onStored: (deliveries: DeliverySummary[], totals: StoredTotals) => void;
  readonly onForwarded: (id: number, handler: HandlerSummary, answeredStatus: number | null) => void;
  readonly onStoreFailed: (cause: string) => void;
  readonly onError: (message: string, cause: string | undefined) => void;
  /** A public-URL probe was answered (it is counted, never stored). */
  readonly onProbeAnswered: () => void;
  /** The thread itself died (a bug, out of memory): the listener no longer answers. */
  readonly onExit: (error: Error) => void;
}

/**
 * Where the listener's thread starts: listener-worker.ts from source, listener-worker.js in the
 * bundles (electron.vite.config.ts, vite.package.config.ts).
 */
export const listenerWorkerEntry = () => workerEntry(import.meta.url, 'listener-worker');

/**
 * The main thread's handle on the listener's thread: the same calls as ListenerServer (start,
 * moveTo, stop, port), answered by the thread; settings, keys and requested resends are sent to
 * it as they change, and what it stores comes back through the deps' callbacks.
 */
export class ListenerThread {
  private readonly worker: Worker;
  private readonly pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  private nextId = 1;
  private boundPort: number | null = null;
  private exited = false;

  constructor(private readonly deps: ListenerThreadDeps) {
    const { url, execArgv } = listenerWorkerEntry();
    const workerData: ListenerThreadData = {
      databasePath: deps.databasePath,
      dataDir: deps.dataDir,
      settings: deps.settings,
      keys: deps.keys,
      resends: deps.resends,
    };
    this.worker = new Worker(url, { workerData, execArgv, name: 'hooklab-listener' });
    this.worker.on('message', (message: FromListener) => this.receive(message));
    this.worker.on('error', (error) => this.fail(error));
    this.worker.on('exit', (code) => this.fail(new Error(`the listener's thread exited (code ${code})`)));
  }

  get port(): number | null {
    return this.boundPort;
  }

  async start(port: number): Promise<number> {
    this.boundPort = (await this.call({ op: 'start', port })) as number;
    return this.boundPort;
  }

  async moveTo(port: number): Promise<number> {
    this.boundPort = (await this.call({ op: 'moveTo', port })) as number;
    return this.boundPort;
  }

  /** Removes the oldest deliveries beyond the limits (on the listener's connection). */
  async enforce(limits: RetentionLimits): Promise<StoredTotals> {
    return (await this.call({ op: 'enforce', limits })) as StoredTotals;
  }

  async totals(): Promise<StoredTotals> {
    return (await this.call({ op: 'totals' })) as StoredTotals;
  }

  /** New settings and keys: they apply from the thread's next batch. */
  configure(settings: ListenerSettings, keys: readonly KnownKey[]): void {
    this.post({ type: 'configure', settings, keys });
  }

  resends(entries: readonly ResendEntry[]): void {
    this.post({ type: 'resends', entries });
  }

  /** A probe of the public URL the app signed, for the listener to answer once. */
  probeIssued(ticket: ProbeTicket): void {
    this.post({ type: 'probeIssued', ticket });
  }

  /** Closes the server and the thread's connection, then ends the thread. */
  async stop(): Promise<void> {
    this.boundPort = null;
    if (this.exited) return;
    try {
      await this.call({ op: 'stop' });
    } finally {
      this.exited = true;
      await this.worker.terminate();
    }
  }

  private post(message: ToListener): void {
    if (!this.exited) this.worker.postMessage(message);
  }

  private call(op: ListenerOp): Promise<unknown> {
    if (this.exited) return Promise.reject(new Error("the listener's thread is not running"));
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ type: 'call', id, ...op } satisfies ToListener);
    });
  }

  private receive(message: FromListener): void {
    switch (message.type) {
      case 'reply': {
        const waiting = this.pending.get(message.id);
        this.pending.delete(message.id);
        if ('error' in message) waiting?.reject(toError(message.error));
        else waiting?.resolve(message.value);
        return;
      }
      case 'stored':
        return this.deps.onStored(JSON.parse(message.deliveriesJson) as DeliverySummary[], message.totals);
      case 'forwarded':
        return this.deps.onForwarded(message.id, message.handler, message.answeredStatus);
      case 'storeFailed':
        return this.deps.onStoreFailed(message.cause);
      case 'error':
        return this.deps.onError(message.message, message.cause);
      case 'probeAnswered':
        return this.deps.onProbeAnswered();
    }
  }

  private fail(error: Error): void {
    if (this.exited) return;
    this.exited = true;
    this.boundPort = null;
    for (const waiting of this.pending.values()) waiting.reject(error);
    this.pending.clear();
    this.deps.onExit(error);
  }
}

function toError(error: ThreadError): Error {
  return Object.assign(new Error(error.message), error.code ? { code: error.code } : {});
}
