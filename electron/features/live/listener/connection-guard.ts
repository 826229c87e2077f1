import type { Socket } from 'node:net';

/**
 * Caps the listener's open connections without letting slow senders lock the service out.
 * Connections are kept in order of last activity (opened, a request's headers, a chunk of its
 * body, an answer sent); when a new one would exceed the cap, the one idle longest is closed to
 * admit it. A flood of idle connections then displaces itself and never a request whose body
 * keeps arriving; a flood trickling a body byte every few seconds is displaced by real
 * deliveries, newer than all of them; and the count stays below the process's open-files limit.
 */
export class ConnectionGuard {
  /** Insertion order = least recently active first (a Set keeps insertion order). */
  private readonly open = new Set<Socket>();

  constructor(private readonly max: () => number) {}

  /** Registers a new connection, closing the least recently active ones beyond the cap. */
  admit(socket: Socket): void {
    this.open.add(socket);
    socket.once('close', () => this.open.delete(socket));
    const max = this.max();
    for (const oldest of this.open) {
      if (this.open.size <= max) break;
      if (oldest === socket) continue;
      this.open.delete(oldest);
      oldest.destroy();
    }
  }

  /** The connection showed activity (request headers, body bytes, an answer): now the most recent. */
  touch(socket: Socket): void {
    if (!this.open.delete(socket)) return;
    this.open.add(socket);
  }
}
