import type { Settings } from '../../../shared/settings';
import type { StoredTotals } from '../../services/data/received-delivery';
import { ListenerThread } from './listener/listener-thread';
import type { ProbeKey } from './probe/probe-webhook';
import type { LiveDeps } from './deps';

/** A listener thread that lived at least this long before it died is started again. */
const RESTART_AFTER_MS = 1000;

const bindError = (error: unknown, port: number): string =>
  (error as NodeJS.ErrnoException).code === 'EADDRINUSE'
    ? `port ${port} is already in use`
    : (error as NodeJS.ErrnoException).code === 'EACCES'
      ? `port ${port} needs privileges Hooklab does not have`
      : (error as Error).message;

/**
 * The listener's thread as the app runs it: started, moved to another port, restarted when it
 * dies, told every change of settings and keys, and its storage said in the status bar. The
 * listener runs in its own thread with its own connection (listener-worker.ts): nothing this
 * thread does (listings, Sequences, search, export, the history copy) delays an answer.
 */
export class LiveListener {
  /** Deliveries received (the status bar's count). */
  received = 0;
  /** Why the last batch could not be stored, until one is. */
  private storeFailure: string | null = null;
  private removedAnnounced = 0;
  /** Rows retention removed, as the listener's thread last counted them. */
  private removedByRetention = 0;
  private listener: ListenerThread | null = null;
  private threadStartedAt = 0;
  private stopping = false;
  /** The port setting being put back after a failed change: the listener is already there. */
  private revertingTo: number | null = null;
  // Serialised so quick successive port changes never race two servers for one port.
  private applying: Promise<void> = Promise.resolve();

  constructor(
    private readonly ctx: LiveDeps,
    private readonly probeKey: ProbeKey,
    /** The tunnel follows the listener's port (null: not listening). */
    private readonly applyTunnel: (settings: Settings['tunnel'], port: number | null) => void,
  ) {}

  get port(): number | null {
    return this.listener?.port ?? null;
  }

  /**
   * What the status bar says about storage: the totals and the caps they are held to. When
   * retention removed deliveries since the last call, the UI is told to drop them too.
   */
  storageStatus(totals: StoredTotals = { ...this.ctx.data.deliveries.totals(), removed: this.removedByRetention }) {
    const { ctx } = this;
    this.removedByRetention = totals.removed;
    if (totals.removed !== this.removedAnnounced) {
      this.removedAnnounced = totals.removed;
      ctx.runtime.bus.emit('live.removed', { keptFromId: ctx.data.deliveries.oldestReceivedId() });
    }
    const { retainDeliveries, retainBytes } = ctx.config.settings.get().listener;
    return { stored: totals.count, storedBytes: totals.bytes, removedByRetention: totals.removed, retainDeliveries, retainBytes };
  }

  private keys() {
    return this.ctx.config.webhookKeys.known();
  }

  private startThread(): ListenerThread {
    const { ctx } = this;
    return new ListenerThread({
      databasePath: ctx.data.databasePath,
      dataDir: ctx.config.dataDir,
      settings: ctx.config.settings.get().listener,
      keys: this.keys(),
      resends: ctx.runtime.resendRequests.entries(),
      onStored: (deliveries, totals) => {
        this.received += deliveries.length;
        // The one notification of a committed batch: the search index, History's nudge, the
        // Sequences index and the renderer all follow this event.
        ctx.runtime.bus.emit('live.received', { deliveries });
        // Stored again after a failure: the listener is listening (and keeping) once more.
        const recovered = this.storeFailure !== null ? { state: 'listening' as const, error: null } : {};
        this.storeFailure = null;
        ctx.runtime.status.update('listener', { received: this.received, ...this.storageStatus(totals), ...recovered });
      },
      onStoreFailed: (cause) => {
        // Not "listening" while every delivery gets 500: the status bar says why, in SQLite's
        // or the system's own words (disk full), until a batch is stored again.
        if (this.storeFailure !== cause) ctx.runtime.log.error('cannot store deliveries', { cause });
        this.storeFailure = cause;
        ctx.runtime.status.update('listener', { state: 'error', error: `cannot store deliveries: ${cause}; senders get 500 and retry` });
      },
      onForwarded: (id, handler, answeredStatus) => ctx.runtime.bus.emit('live.forwarded', { id, handler, answeredStatus }),
      onError: (message, cause) => ctx.runtime.log.error(message, { message: cause }),
      onExit: (error) => this.threadDied(error),
      onProbeAnswered: () => {
        this.probeKey.countAnswered();
        ctx.runtime.status.update('listener', { probesAnswered: this.probeKey.answered });
      },
    });
  }

  private threadDied(error: Error): void {
    const { ctx } = this;
    ctx.runtime.log.error("the listener's thread stopped", { message: error.message });
    ctx.runtime.status.update('listener', { state: 'error', url: null, error: `the listener stopped: ${error.message}` });
    // Its port was freed with it: a new thread takes it again, unless the app is stopping or
    // the thread died at once (then it would only die again: the status says why).
    const lived = Date.now() - this.threadStartedAt;
    this.listener = null;
    if (!this.stopping && lived > RESTART_AFTER_MS) this.applying = this.applying.then(() => this.start(ctx.config.settings.get().listener.port));
  }

  thread(): ListenerThread {
    if (this.listener) return this.listener;
    this.threadStartedAt = Date.now();
    return (this.listener = this.startThread());
  }

  /** The running thread, if any (a probe's ticket goes to it). */
  running(): ListenerThread | null {
    return this.listener;
  }

  /** Settings and keys as the listener's thread reads them (sent on every change). */
  configure(): void {
    this.listener?.configure(this.ctx.config.settings.get().listener, this.keys());
  }

  resends(): void {
    this.listener?.resends(this.ctx.runtime.resendRequests.entries());
  }

  async start(port: number): Promise<void> {
    const { ctx } = this;
    ctx.runtime.status.update('listener', { state: 'starting', port, error: null });
    try {
      const bound = await this.thread().start(port);
      const url = `http://127.0.0.1:${bound}/`;
      ctx.runtime.status.update('listener', { state: 'listening', port: bound, url, error: null, received: this.received });
      // Scripts (and the kill -9 test) find the port in this line.
      ctx.runtime.log.info(`Listening for webhooks on ${url}`);
    } catch (error) {
      const message = bindError(error, port);
      ctx.runtime.status.update('listener', { state: 'error', port, url: null, error: message });
      ctx.runtime.log.error('listener could not start', { message });
    }
  }

  /**
   * A new port is bound before the old one is let go: if it cannot be (in use, no privilege),
   * the listener stays where it was, the setting goes back to the port in use, and the reason
   * is shown next to the field. The sandbox's webhook URL follows the status, so it only moves
   * once the new port answers.
   */
  private async moveTo(port: number, configuredBefore: number): Promise<void> {
    const { ctx } = this;
    const previous = this.port;
    if (previous === null) return this.start(port);
    try {
      const bound = await this.thread().moveTo(port);
      const url = `http://127.0.0.1:${bound}/`;
      ctx.runtime.status.update('listener', { state: 'listening', port: bound, url, error: null, portError: null });
      ctx.runtime.log.info(`Listening for webhooks on ${url}`);
    } catch (error) {
      const portError = `${bindError(error, port)}: still listening on ${previous}`;
      ctx.runtime.status.update('listener', { portError });
      ctx.runtime.log.warn('listener port not changed', { message: portError });
      // Unless the user has chosen yet another port meanwhile.
      if (ctx.config.settings.get().listener.port === port) {
        this.revertingTo = configuredBefore;
        ctx.config.settings.update({ listener: { port: configuredBefore } });
      }
    }
  }

  /** A change of settings: the listener's thread reads it, moves, applies new caps; the tunnel follows. */
  readonly applyChange = (next: Settings, prev: Settings): void => {
    const { ctx } = this;
    // At once, not behind a port change: the listener's next batch reads them.
    this.configure();
    const reverted = this.revertingTo !== null && next.listener.port === this.revertingTo;
    this.revertingTo = null;
    this.applying = this.applying.then(async () => {
      const port = this.port;
      if (port === null) await this.start(next.listener.port);
      else if (!reverted && next.listener.port !== prev.listener.port && next.listener.port !== port) {
        await this.moveTo(next.listener.port, prev.listener.port);
      } else if (!reverted) {
        // A later save that leaves the listener where the settings say: an earlier refusal no
        // longer describes anything, so it stops showing next to the field.
        ctx.runtime.status.update('listener', { portError: null });
      }
      if (next.listener.retainDeliveries !== prev.listener.retainDeliveries || next.listener.retainBytes !== prev.listener.retainBytes) {
        // Lowered caps apply at once, not only at the next delivery (on the listener's connection).
        const limits = { maxDeliveries: next.listener.retainDeliveries, maxBytes: next.listener.retainBytes };
        ctx.runtime.status.update('listener', this.storageStatus(await this.thread().enforce(limits)));
      }
      this.applyTunnel(next.tunnel, this.port);
    });
  };

  /** The app is stopping: a thread that dies now is not started again. */
  beginStop(): void {
    this.stopping = true;
  }

  /** Waits for the changes under way (after beginStop). */
  async settled(): Promise<void> {
    await this.applying;
  }

  async stopThread(): Promise<void> {
    await this.listener?.stop();
    this.listener = null;
  }
}
