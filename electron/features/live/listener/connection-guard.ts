import type { Socket } from 'node:net';

/**
 * Caps the listener's open connections without letting slow senders lock the service out.
 * When a new connection would exceed the cap, one is closed to admit it: first a connection that
 * has sent nothing since it opened (oldest first), else the one whose last activity (a request's
 * headers, a chunk of its body, a completed answer) is oldest. A flood of idle connections then
 * only displaces itself and never cuts off a request whose body is arriving; a flood trickling a
 * body byte every few seconds is displaced by real deliveries, newer than all of them; and the
 * count stays below the process's open-files limit.
 */
export class ConnectionGuard {
  /** Connections that have shown no request yet, in order of arrival (a Set keeps insertion order). */
  private readonly silent = new Set<Socket>();
  /** The others, least recently active first. */
  private readonly active = new Set<Socket>();

  constructor(private readonly max: () => number) {}

  /** Registers a new connection, closing others beyond the cap. */
  admit(socket: Socket): void {
    this.silent.add(socket);
    socket.once('close', () => {
      this.silent.delete(socket);
      this.active.delete(socket);
    });
    const max = this.max();
    while (this.silent.size + this.active.size > max) {
      const victim = this.first(this.silent, socket) ?? this.first(this.active, socket);
      if (!victim) break;
      this.silent.delete(victim);
      this.active.delete(victim);
      victim.destroy();
    }
  }

  /** The connection showed activity (request headers, body bytes, a completed answer). */
  touch(socket: Socket): void {
    if (!this.silent.delete(socket) && !this.active.delete(socket)) return;
    this.active.add(socket);
  }

  private first(set: Set<Socket>, except: Socket): Socket | undefined {
    for (const socket of set) if (socket !== except) return socket;
    return undefined;
  }
}
