import type { TunnelStatus } from '../../../../shared/contract/status';
import type { TunnelSettings } from '../../../../shared/settings';
import { openTunnel, systemTimers, type Timers, type TunnelClient } from './tunnel-client';

export interface TunnelDeps {
  readonly onStatus: (patch: Partial<TunnelStatus>) => void;
  /** A new public URL was handed out; remember it so the next run can say whether it changed. */
  readonly onPublicUrl: (url: string) => void;
  readonly log: (message: string, fields?: Record<string, unknown>) => void;
  /** How long opening may take; then the attempt is abandoned and retried after a backoff. */
  readonly openTimeoutMs?: number;
  readonly maxBackoffMs?: number;
  /** The HTTP client that asks the tunnel server for a tunnel (default: global fetch). */
  readonly fetch?: typeof fetch;
  /** Timers for the open timeout and the backoff (tests drive them by hand). */
  readonly timers?: Timers;
}

interface Wanted {
  readonly port: number;
  readonly host: string;
  readonly subdomain: string | null;
}

/**
 * Keeps the listener reachable from the internet through localtunnel, or reports the user's
 * own public URL. Never sets `local_host` (it rewrites chunks as strings and corrupts
 * non-UTF-8 bodies). Reconnects with exponential backoff after drops.
 */
export class TunnelService {
  private client: TunnelClient | null = null;
  private wanted: Wanted | null = null;
  private attempt = 0;
  private retryTimer: unknown = null;
  private openTimer: unknown = null;
  private lastPublicUrl: string | null = null;
  private generation = 0;
  /** Why the last attempt failed; shown until an attempt succeeds, through backoff and retries. */
  private lastCause: string | null = null;

  private readonly timers: Timers;

  constructor(private readonly deps: TunnelDeps) {
    this.timers = deps.timers ?? systemTimers;
  }

  /** Brings the tunnel in line with settings and the listener's port; idempotent. */
  apply(settings: TunnelSettings, listenerPort: number | null): void {
    this.lastPublicUrl = settings.lastPublicUrl;
    if (settings.ownPublicUrl) {
      this.close();
      this.deps.onStatus({ state: 'own-url', publicUrl: settings.ownPublicUrl, error: null, urlChanged: false, reconnectAttempt: 0 });
      return;
    }
    if (!settings.enabled || listenerPort === null) {
      this.close();
      this.deps.onStatus({
        state: 'disabled',
        publicUrl: null,
        error: settings.enabled ? 'the listener is not running' : null,
        urlChanged: false,
        reconnectAttempt: 0,
      });
      return;
    }
    const next: Wanted = { port: listenerPort, host: settings.host, subdomain: settings.subdomain };
    const same =
      this.wanted && this.wanted.port === next.port && this.wanted.host === next.host && this.wanted.subdomain === next.subdomain;
    if (same) return;
    this.close();
    this.wanted = next;
    this.attempt = 0;
    this.lastCause = null;
    this.connect();
  }

  /** Drops the current connection and opens a new one at once. */
  reconnect(): void {
    const wanted = this.wanted;
    if (!wanted) return;
    this.teardown();
    this.attempt = 0;
    this.connect();
  }

  close(): void {
    this.wanted = null;
    this.teardown();
  }

  private teardown(): void {
    this.generation++;
    if (this.retryTimer !== null) this.timers.clearTimeout(this.retryTimer);
    if (this.openTimer !== null) this.timers.clearTimeout(this.openTimer);
    this.retryTimer = null;
    this.openTimer = null;
    const client = this.client;
    this.client = null;
    // Its own listeners stay: the client's 'close' handlers are what destroy its sockets.
    if (client) client.close();
  }

  private connect(): void {
    const wanted = this.wanted;
    if (!wanted) return;
    const generation = ++this.generation;
    const current = () => generation === this.generation;
    // While it retries, the reason the previous attempt failed stays on screen.
    const error = this.lastCause === null ? null : `retrying now; last attempt: ${this.lastCause}`;
    this.deps.onStatus({ state: 'connecting', error, reconnectAttempt: this.attempt });
    const timeoutMs = this.deps.openTimeoutMs ?? 15_000;
    this.openTimer = this.timers.setTimeout(() => {
      this.openTimer = null;
      // Abandons this attempt (its request is aborted, its retries cancelled) and backs off.
      if (current()) this.dropped(`no answer from the tunnel server ${wanted.host} within ${timeoutMs / 1000} s`);
    }, timeoutMs);
    const options = {
      port: wanted.port,
      host: wanted.host,
      ...(wanted.subdomain ? { subdomain: wanted.subdomain } : {}),
      fetch: this.deps.fetch ?? globalThis.fetch.bind(globalThis),
      timers: this.timers,
    };
    const client = openTunnel(options, (err, tunnel) => {
      if (!current()) {
        tunnel?.close();
        return;
      }
      if (this.openTimer !== null) this.timers.clearTimeout(this.openTimer);
      this.openTimer = null;
      if (err || !tunnel) {
        this.dropped(err?.message ?? 'the tunnel server refused the tunnel');
        return;
      }
      const url = tunnel.url;
      const changed = this.lastPublicUrl !== null && this.lastPublicUrl !== url;
      this.attempt = 0;
      this.lastCause = null;
      this.deps.onStatus({ state: 'open', publicUrl: url, error: null, urlChanged: changed, reconnectAttempt: 0 });
      if (this.lastPublicUrl !== url) {
        this.lastPublicUrl = url;
        this.deps.onPublicUrl(url);
      }
    });
    this.client = client;
    client.on('error', (error: Error) => {
      if (current()) this.dropped(error.message);
    });
    client.on('close', () => {
      if (current() && this.client === client) this.dropped('the tunnel closed');
    });
  }

  /** The tunnel is gone: report it and try again after a growing pause. */
  private dropped(reason: string): void {
    const wanted = this.wanted;
    this.teardown();
    this.wanted = wanted;
    if (!wanted) return;
    this.attempt++;
    const delay = Math.min(this.deps.maxBackoffMs ?? 30_000, 1000 * 2 ** (this.attempt - 1));
    this.lastCause = reason;
    this.deps.log('tunnel dropped', { reason, retryInMs: delay });
    this.deps.onStatus({ state: 'error', error: `retrying in ${Math.round(delay / 1000)} s: ${reason}`, reconnectAttempt: this.attempt });
    this.retryTimer = this.timers.setTimeout(() => {
      this.retryTimer = null;
      this.connect();
    }, delay);
  }
}
