import type { TunnelStatus } from '../../../../shared/contract/status';
import type { TunnelSettings } from '../../../../shared/settings';
import { requestTunnel, systemTimers, TunnelClient, type Timers } from './tunnel-client';
import { tunnelHostProblem, type TunnelGrant } from './tunnel-answer';
import { failoverNotice, grantedOtherNotice, newAutoSubdomain, tunnelHosts } from './stable-address';

export interface TunnelDeps {
  readonly onStatus: (patch: Partial<TunnelStatus>) => void;
  /** A new public URL was handed out; remember it so the next run can say whether it changed. */
  readonly onPublicUrl: (url: string) => void;
  /** No subdomain is set and none was chosen yet: keep this one for the data folder. */
  readonly onAutoSubdomain: (subdomain: string) => void;
  readonly log: (message: string, fields?: Record<string, unknown>) => void;
  /** How long opening may take; then the attempt is abandoned and retried after a backoff. */
  readonly openTimeoutMs?: number;
  readonly maxBackoffMs?: number;
  /** The HTTP client that asks the tunnel server for a tunnel (default: global fetch). */
  readonly fetch?: typeof fetch;
  /** Timers for the open timeout and the backoff (tests drive them by hand). */
  readonly timers?: Timers;
}

/**
 * How often, and how far apart, a subdomain granted to someone else is asked for again: the
 * official server frees a name about a second after its last socket goes, later when it
 * notices a dropped connection late; 6 s in all.
 */
const RECLAIM_TRIES = 4;
const RECLAIM_DELAY_MS = 1500;

interface Wanted {
  readonly port: number;
  readonly host: string;
  readonly subdomain: string | null;
}

/**
 * Keeps the listener reachable from the internet through localtunnel, or reports the user's
 * own public URL. Bytes pass through unchanged (tunnel-link.ts). Reconnects with exponential
 * backoff after drops; a tunnel server setting that cannot work is said and not retried.
 */
export class TunnelService {
  private client: TunnelClient | null = null;
  /** The request for a tunnel in flight, aborted when the attempt is abandoned. */
  private asking: AbortController | null = null;
  private wanted: Wanted | null = null;
  private attempt = 0;
  private retryTimer: unknown = null;
  private openTimer: unknown = null;
  private lastPublicUrl: string | null = null;
  private generation = 0;
  /** Why the last attempt failed; shown until an attempt succeeds, through backoff and retries. */
  private lastCause: string | null = null;
  /** The servers to use, in order, and the one in use (moved on by failover()). */
  private hosts: readonly string[] = [];
  private hostIndex = 0;
  /** Times in a row the server granted another subdomain and we asked again for ours. */
  private reclaims = 0;
  /** Said on every open after a failover, until the settings change. */
  private movedNotice: string | null = null;

  private readonly timers: Timers;

  constructor(private readonly deps: TunnelDeps) {
    this.timers = deps.timers ?? systemTimers;
  }

  /** Brings the tunnel in line with settings and the listener's port; idempotent. */
  apply(settings: TunnelSettings, listenerPort: number | null): void {
    this.lastPublicUrl = settings.lastPublicUrl;
    if (settings.ownPublicUrl) {
      this.close();
      this.deps.onStatus({ state: 'own-url', publicUrl: settings.ownPublicUrl, error: null, urlChanged: false, reconnectAttempt: 0, notice: null });
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
        notice: null,
      });
      return;
    }
    let subdomain = settings.subdomain ?? settings.autoSubdomain;
    if (subdomain === null) {
      // One address that stays: asked for on every connect and restart of this data folder.
      subdomain = newAutoSubdomain();
      this.deps.onAutoSubdomain(subdomain);
    }
    const hosts = tunnelHosts(settings);
    if (hosts.join(' ') !== this.hosts.join(' ')) {
      this.hosts = hosts;
      this.hostIndex = 0;
    }
    const next: Wanted = { port: listenerPort, host: hosts[this.hostIndex] ?? settings.host, subdomain };
    const same =
      this.wanted && this.wanted.port === next.port && this.wanted.host === next.host && this.wanted.subdomain === next.subdomain;
    if (same) return;
    this.close();
    this.wanted = next;
    this.movedNotice = null;
    this.reclaims = 0;
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
    this.reclaims = 0;
    this.connect();
  }

  /**
   * Moves to the next tunnel server of the list (after failed probes), asking it for the same
   * subdomain; returns it, or null when there is no other.
   */
  failover(cause: string): string | null {
    const wanted = this.wanted;
    if (!wanted || this.hosts.length < 2) return null;
    this.hostIndex = (this.hostIndex + 1) % this.hosts.length;
    const host = this.hosts[this.hostIndex]!;
    this.movedNotice = failoverNotice(host, cause);
    this.deps.log('tunnel moves to the next server', { host, cause });
    this.deps.onStatus({ notice: this.movedNotice });
    this.teardown();
    this.wanted = { ...wanted, host };
    this.attempt = 0;
    this.reclaims = 0;
    this.lastCause = null;
    this.connect();
    return host;
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
    this.asking?.abort();
    this.asking = null;
    // Every socket goes, connected or not: the server then frees the name a second later.
    this.client?.close();
    this.client = null;
  }

  private connect(): void {
    const wanted = this.wanted;
    if (!wanted) return;
    const generation = ++this.generation;
    const current = () => generation === this.generation;
    const problem = tunnelHostProblem(wanted.host);
    if (problem !== null) {
      // A setting that cannot work is said at once and not retried: the next settings change applies again.
      this.deps.log('tunnel server setting cannot work', { host: wanted.host });
      this.deps.onStatus({ state: 'error', publicUrl: null, error: problem, urlChanged: false, reconnectAttempt: 0, notice: this.movedNotice });
      return;
    }
    // While it retries, the reason the previous attempt failed stays on screen.
    const error = this.lastCause === null ? null : `retrying now; last attempt: ${this.lastCause}`;
    this.deps.onStatus({ state: 'connecting', error, reconnectAttempt: this.attempt });
    const timeoutMs = this.deps.openTimeoutMs ?? 15_000;
    this.openTimer = this.timers.setTimeout(() => {
      this.openTimer = null;
      // Abandons this attempt (its request is aborted) and backs off.
      if (current()) this.dropped(`no answer from the tunnel server ${wanted.host} within ${timeoutMs / 1000} s`);
    }, timeoutMs);
    const asking = new AbortController();
    this.asking = asking;
    requestTunnel({
      host: wanted.host,
      ...(wanted.subdomain ? { subdomain: wanted.subdomain } : {}),
      fetch: this.deps.fetch ?? globalThis.fetch.bind(globalThis),
      signal: asking.signal,
    })
      .then((grant) => {
        if (current()) this.granted(grant, wanted);
      })
      .catch((failure: unknown) => {
        if (current()) this.dropped(failure instanceof Error ? failure.message : String(failure));
      });
  }

  /** The server granted a tunnel: open its sockets, unless it is not the address asked for and it may still come back. */
  private granted(grant: TunnelGrant, wanted: Wanted): void {
    if (this.openTimer !== null) this.timers.clearTimeout(this.openTimer);
    this.openTimer = null;
    this.asking = null;
    const url = grant.url;
    // The server may hand out another subdomain than the one asked for (still held by a
    // client that just left, or taken): the portal's URL is then wrong, and the user must know.
    const other = wanted.subdomain !== null && grant.id !== wanted.subdomain;
    if (other && this.reclaims < RECLAIM_TRIES) {
      // The official server frees a subdomain about a second after the last socket of its
      // client goes (our own previous run, a dropped connection): ask again shortly before
      // settling for another. No socket is opened to the other one: the server frees it too.
      this.reclaims++;
      this.deps.onStatus({ state: 'connecting', error: `the tunnel server gave another address; asking again for ${wanted.subdomain} in ${RECLAIM_DELAY_MS / 1000} s` });
      this.retryTimer = this.timers.setTimeout(() => {
        this.retryTimer = null;
        this.connect();
      }, RECLAIM_DELAY_MS);
      return;
    }
    if (!other) this.reclaims = 0;
    const client = new TunnelClient(grant, wanted.port);
    const generation = this.generation;
    client.on('error', (error: Error) => {
      if (generation === this.generation) this.dropped(error.message);
    });
    this.client = client;
    client.start();
    const changed = this.lastPublicUrl !== null && this.lastPublicUrl !== url;
    this.attempt = 0;
    this.lastCause = null;
    const notice = other ? grantedOtherNotice(wanted.subdomain!, url, this.lastPublicUrl) : this.movedNotice;
    if (other) this.deps.log('tunnel server granted another subdomain', { wanted: wanted.subdomain, url });
    this.deps.onStatus({ state: 'open', publicUrl: url, error: null, urlChanged: changed, reconnectAttempt: 0, notice });
    if (this.lastPublicUrl !== url) {
      this.lastPublicUrl = url;
      this.deps.onPublicUrl(url);
    }
  }

  /** The tunnel is gone: report it and try again after a growing pause. */
  private dropped(reason: string): void {
    const wanted = this.wanted;
    this.teardown();
    this.wanted = wanted;
    if (!wanted) return;
    this.attempt++;
    // A new connection after a drop asks again for its own address before settling for another.
    this.reclaims = 0;
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
