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
}

interface TunnelInfoBody {
  readonly message?: unknown;
}

/**
 * The package's client with one part replaced: asking the server for a tunnel. The package
 * asks in a loop that retries every second forever, even after close(), and says nothing while
 * it does: a client abandoned while the server was down kept polling it for the rest of the
 * session, a misspelt host showed only "no answer within 15 s", and a refusal (4xx, "subdomain
 * in use") was retried as if the server were offline. Here one attempt is made: a failure to
 * connect (ENOTFOUND, ECONNREFUSED…) is reported at once with its cause, an answer other than
 * 200 with the server's message, and the caller (TunnelService) decides when to try again. The
 * request is aborted on close(). The socket pool that carries requests (TunnelCluster) is the
 * package's.
 */
class BoundedTunnel extends Tunnel {
  private readonly abort = new AbortController();

  constructor(private readonly options: TunnelClientOptions) {
    super({ port: options.port, host: options.host, ...(options.subdomain ? { subdomain: options.subdomain } : {}) });
  }

  override _init(cb: (err: Error | null, info?: unknown) => void): void {
    const uri = `${this.opts.host}/${this.opts.subdomain ?? '?new'}`;
    const attempt = async (): Promise<void> => {
      if (this.closed) return;
      let status: number;
      let body: TunnelInfoBody | null;
      try {
        const res = await this.options.fetch(uri, { signal: this.abort.signal });
        status = res.status;
        body = (await res.json().catch(() => null)) as TunnelInfoBody | null;
      } catch (error) {
        if (!this.closed) cb(new Error(networkCause(error)));
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
    this.abort.abort();
    super.close();
  }
}

/**
 * Why a request never got an answer, in the system's words: fetch says only "fetch failed" and
 * keeps the reason in `cause` (`getaddrinfo ENOTFOUND localtunnel.me`, `connect ECONNREFUSED
 * 127.0.0.1:9`); a refused `localhost` tries several addresses and gives an AggregateError with a
 * code but no message.
 */
export function networkCause(error: unknown): string {
  const cause = (error as { cause?: { code?: unknown; message?: unknown } }).cause;
  if (typeof cause?.message === 'string' && cause.message !== '') return cause.message;
  if (typeof cause?.code === 'string') return cause.code;
  return (error as Error).message;
}

export type TunnelClient = localtunnel.Tunnel;

/** Opens a tunnel like `localtunnel(options, callback)`, with the bounded client above. */
export function openTunnel(options: TunnelClientOptions, callback: (err: Error | null, tunnel?: TunnelClient) => void): TunnelClient {
  const client = new BoundedTunnel(options);
  client.open((err?: Error) => (err ? callback(err) : callback(null, client as unknown as TunnelClient)));
  return client as unknown as TunnelClient;
}
