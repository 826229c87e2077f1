import { connect, type Socket } from 'node:net';

/** One unanswered request is kept up to this size, to be sent again on a fresh connection. */
const REPLAY_LIMIT_BYTES = 1024 * 1024;
/** TCP keepalive on the server's sockets: finds a dead peer, and keeps NAT entries of a quiet tunnel. */
const KEEPALIVE_MS = 30_000;
/** How long a socket we ended waits for the server to close its side before it is cut. */
const END_GRACE_MS = 5_000;

/** The answer when the listener cannot be reached at all: the sender sees an error and retries. */
const UNREACHABLE =
  'HTTP/1.1 502 Bad Gateway\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: 47\r\nConnection: close\r\n\r\n' +
  "Hooklab's listener did not answer: retry later\n";

export interface LinkTarget {
  readonly remoteHost: string;
  readonly remotePort: number;
  /** The listener, on 127.0.0.1. */
  readonly localPort: number;
}

export interface LinkEvents {
  /**
   * The link is gone and will never be used again (the server or this side closed it);
   * `error` when it failed before it connected, `carried` when it carried a request.
   */
  readonly onDead: (info: { readonly error: Error | null; readonly connected: boolean; readonly carried: boolean }) => void;
}

/**
 * One socket to the tunnel server, carrying requests to the listener. The server holds idle
 * sockets unread until a public request needs one, so nothing may be written to it before a
 * request arrives: the connection to the listener is opened only when the first bytes come
 * (one opened at once would meet the listener's header timeout after 10 s of quiet, and its
 * `408` would wait in the server's buffer as the answer to the next webhook). When the
 * listener closes its side (keep-alive ends after 5 s), the server's socket stays and the
 * next request opens a new connection. A request the listener closed without answering is
 * sent once more on a fresh connection; if the listener cannot be reached it gets a 502.
 * Once either side closes the server's socket, the link is dead and never reused.
 */
export class TunnelLink {
  private readonly remote: Socket;
  private local: Socket | null = null;
  private localReady = false;
  /** Bytes waiting for the listener's connection to open. */
  private queue: Buffer[] = [];
  /** The bytes sent to the listener since its last answer, and whether they outgrew the limit. */
  private unanswered: Buffer[] = [];
  private unansweredBytes = 0;
  private overflow = false;
  private replayed = false;
  private connected = false;
  private carried = false;
  private dead = false;
  private error: Error | null = null;

  constructor(
    private readonly target: LinkTarget,
    private readonly events: LinkEvents,
  ) {
    const remote = connect({ host: target.remoteHost, port: target.remotePort });
    this.remote = remote;
    remote.setNoDelay(true);
    remote.setKeepAlive(true, KEEPALIVE_MS);
    remote.once('connect', () => {
      this.connected = true;
    });
    remote.on('data', (chunk: Buffer) => this.fromServer(chunk));
    remote.on('drain', () => this.local?.resume());
    remote.on('error', (error) => {
      this.error ??= error;
    });
    // The server ended or cut it: (allowHalfOpen is off, so Node ends this side too) gone for good.
    remote.once('close', () => this.finish());
  }

  /** Closes both sides now (the tunnel is closing): the server sees the socket go and can free the name. */
  close(): void {
    this.dead = true;
    this.remote.destroy();
    this.local?.destroy();
  }

  private fromServer(chunk: Buffer): void {
    this.carried = true;
    if (!this.overflow) {
      this.unansweredBytes += chunk.length;
      if (this.unansweredBytes > REPLAY_LIMIT_BYTES) {
        this.overflow = true;
        this.unanswered = [];
      } else this.unanswered.push(chunk);
    }
    if (this.local && this.localReady) {
      if (!this.local.write(chunk)) this.remote.pause();
      return;
    }
    this.queue.push(chunk);
    // Held until the listener's connection is open: at most a chunk or two in memory.
    this.remote.pause();
    if (!this.local) this.openLocal();
  }

  private openLocal(): void {
    const local = connect({ host: '127.0.0.1', port: this.target.localPort });
    this.local = local;
    this.localReady = false;
    local.setNoDelay(true);
    local.once('connect', () => {
      this.localReady = true;
      for (const chunk of this.queue.splice(0)) local.write(chunk);
      this.remote.resume();
    });
    local.on('data', (chunk: Buffer) => {
      // The listener answered: what was sent before is no longer to be sent again.
      this.unanswered = [];
      this.unansweredBytes = 0;
      this.overflow = false;
      this.replayed = false;
      if (!this.remote.write(chunk)) local.pause();
    });
    local.on('drain', () => this.remote.resume());
    local.on('error', () => {});
    local.once('close', () => this.localClosed(local));
  }

  private localClosed(local: Socket): void {
    if (this.local !== local) return;
    this.local = null;
    this.localReady = false;
    if (this.dead) return;
    // Idle (keep-alive ended, or it never got a byte): the next request opens a new one.
    if (this.unansweredBytes === 0 && !this.overflow) return;
    if (!this.overflow && !this.replayed) {
      // Closed as the request reached it (its keep-alive ending at that moment), or refused:
      // the listener answered nothing of it, so it is sent again, once, on a new connection.
      this.replayed = true;
      this.queue = [...this.unanswered];
      this.remote.pause();
      this.openLocal();
      return;
    }
    this.giveUp();
  }

  /** The request cannot reach the listener: answer it 502 and let this socket go. */
  private giveUp(): void {
    this.dead = true;
    this.remote.end(UNREACHABLE);
    setTimeout(() => this.remote.destroy(), END_GRACE_MS).unref();
    this.events.onDead({ error: null, connected: this.connected, carried: true });
  }

  private finish(): void {
    this.local?.destroy();
    if (this.dead) return;
    this.dead = true;
    this.events.onDead({ error: this.connected ? null : this.error, connected: this.connected, carried: this.carried });
  }
}
