import Tunnel from '@n8n/localtunnel/lib/Tunnel.js';
import type localtunnel from '@n8n/localtunnel';

/** setTimeout/clearTimeout, injectable so tests can run the retry schedule by hand. */
export interface Timers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const systemTimers: Timers = {
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
};

export interface TunnelClientOptions {
  readonly port: number;
  readonly host: string;
  readonly subdomain?: string;
  readonly fetch: typeof fetch;
  readonly timers: Timers;
  /** Pause before asking again when the server cannot be reached (the package's own: 1 s). */
  readonly retryMs?: number;
}

interface TunnelInfoBody {
  readonly message?: unknown;
}

/**
 * The package's client with one part replaced: asking the server for a tunnel. The package
 * asks in a loop that retries every second forever, even after close(), so a client abandoned
 * while the server was down kept polling it for the rest of the session; and it retried a
 * refusal (4xx, "subdomain in use") as if the server were offline. Here the request is aborted
 * and the retry cancelled on close(), and an answer other than 200 is reported as an error with
 * the server's message. The socket pool that carries requests (TunnelCluster) is the package's.
 */
class BoundedTunnel extends Tunnel {
  private readonly abort = new AbortController();
  private retry: unknown = null;

  constructor(private readonly options: TunnelClientOptions) {
    super({ port: options.port, host: options.host, ...(options.subdomain ? { subdomain: options.subdomain } : {}) });
  }

  override _init(cb: (err: Error | null, info?: unknown) => void): void {
    const uri = `${this.opts.host}/${this.opts.subdomain ?? '?new'}`;
    const attempt = async (): Promise<void> => {
      this.retry = null;
      if (this.closed) return;
      let status: number;
      let body: TunnelInfoBody | null;
      try {
        const res = await this.options.fetch(uri, { signal: this.abort.signal });
        status = res.status;
        body = (await res.json().catch(() => null)) as TunnelInfoBody | null;
      } catch {
        // Offline or reset: ask again, as the package does, unless we were closed meanwhile.
        if (!this.closed) this.retry = this.options.timers.setTimeout(() => void attempt(), this.options.retryMs ?? 1000);
        return;
      }
      if (this.closed) return;
      if (status !== 200 || body === null) {
        const message = typeof body?.message === 'string' ? body.message : `the tunnel server answered ${status}`;
        cb(new Error(message));
        return;
      }
      cb(null, this._getInfo(body));
    };
    void attempt();
  }

  override close(): void {
    if (this.retry !== null) this.options.timers.clearTimeout(this.retry);
    this.retry = null;
    this.abort.abort();
    super.close();
  }
}

export type TunnelClient = localtunnel.Tunnel;

/** Opens a tunnel like `localtunnel(options, callback)`, with the bounded client above. */
export function openTunnel(options: TunnelClientOptions, callback: (err: Error | null, tunnel?: TunnelClient) => void): TunnelClient {
  const client = new BoundedTunnel(options);
  client.open((err?: Error) => (err ? callback(err) : callback(null, client as unknown as TunnelClient)));
  return client as unknown as TunnelClient;
}
