import { lookup } from 'node:dns/promises';
import { EventEmitter } from 'node:events';
import { checkTunnelAnswer, type TunnelGrant } from './tunnel-answer';
import { TunnelLink } from './tunnel-link';

/** setTimeout/clearTimeout, injectable so tests can run the retry schedule by hand. */
export interface Timers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const systemTimers: Timers = {
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
};

export interface TunnelRequest {
  readonly host: string;
  readonly subdomain?: string;
  readonly fetch: typeof fetch;
  readonly signal: AbortSignal;
}

/**
 * Asks a localtunnel server for a tunnel (`GET <host>/<subdomain>`, or `/?new`), once: a
 * failure to connect (ENOTFOUND, ECONNREFUSED…) rejects with its cause, an answer other than
 * 200 with the server's message, an answer that does not hold (tunnel-answer.ts) with what is
 * wrong in it. The caller (TunnelService) decides when to try again; aborting `signal` stops it.
 */
export async function requestTunnel(request: TunnelRequest): Promise<TunnelGrant> {
  const uri = `${request.host.replace(/\/+$/, '')}/${request.subdomain ?? '?new'}`;
  let status: number;
  let body: unknown;
  try {
    const res = await request.fetch(uri, { signal: request.signal });
    status = res.status;
    body = await res.json().catch(() => null);
  } catch (error) {
    throw new Error(networkCause(error));
  }
  if (status !== 200 || body === null) {
    const message = (body as { message?: unknown } | null)?.message;
    throw new Error(typeof message === 'string' ? message.slice(0, 300) : `the tunnel server answered ${status}`);
  }
  return checkTunnelAnswer(body, request.host, async (name) => (await lookup(name, { all: true })).map((a) => a.address));
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

/**
 * The sockets of an open tunnel: as many as the server allows (capped), each replaced as soon
 * as it dies. Emits `error` when the server's port cannot be reached or it keeps closing new
 * sockets at once (the tunnel is then of no use: TunnelService reconnects), never throws.
 * close() closes every socket, connected or not, so the server frees the name.
 */
export class TunnelClient extends EventEmitter<{ error: [Error] }> {
  private readonly links = new Set<TunnelLink>();
  private closed = false;
  /** Sockets in a row that died young without carrying a request: the server refuses them. */
  private refusedInARow = 0;

  constructor(
    readonly grant: TunnelGrant,
    private readonly localPort: number,
  ) {
    super();
  }

  get url(): string {
    return this.grant.url;
  }

  /** Opens the sockets; call after listening for `error`. */
  start(): void {
    for (let i = 0; i < this.grant.maxSockets; i++) this.openLink();
  }

  close(): void {
    this.closed = true;
    for (const link of this.links) link.close();
    this.links.clear();
  }

  private openLink(): void {
    if (this.closed) return;
    const openedAt = Date.now();
    const { remoteHost, remotePort } = this.grant;
    const link: TunnelLink = new TunnelLink(
      { remoteHost, remotePort, localPort: this.localPort },
      {
        onDead: ({ error, connected, carried }) => {
          this.links.delete(link);
          if (this.closed) return;
          if (!connected) {
            this.fail(`cannot connect to the tunnel server at ${remoteHost}:${remotePort}: ${error?.message ?? 'closed'}`);
            return;
          }
          this.refusedInARow = carried || Date.now() - openedAt > 1000 ? 0 : this.refusedInARow + 1;
          if (this.refusedInARow > 2 * this.grant.maxSockets) {
            this.fail(`the tunnel server at ${remoteHost}:${remotePort} closes the tunnel's connections as soon as they open`);
            return;
          }
          this.openLink();
        },
      },
    );
    this.links.add(link);
  }

  private fail(cause: string): void {
    this.close();
    this.emit('error', new Error(cause));
  }
}
