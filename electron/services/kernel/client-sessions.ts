import { randomUUID } from 'node:crypto';

/**
 * The live connections of clients that act through the core for a while: each event socket of
 * the local API is a session (an MCP server working through a running app holds one). What a
 * client lends the core for its session, such as the key it signs with, is kept in memory and
 * ends with the connection, however the client ends: a `kill -9` closes its socket too.
 */
export class ClientSessions {
  private readonly open = new Map<string, Array<() => void>>();

  /** A new session, open until `end(id)`. */
  start(): string {
    const id = randomUUID();
    this.open.set(id, []);
    return id;
  }

  isOpen(id: string): boolean {
    return this.open.has(id);
  }

  /** Runs `cleanup` when the session ends; false (and never run) when it is not open. */
  onEnd(id: string, cleanup: () => void): boolean {
    const cleanups = this.open.get(id);
    if (!cleanups) return false;
    cleanups.push(cleanup);
    return true;
  }

  /** Ends a session: its cleanups run once, in the order they were added. */
  end(id: string): void {
    const cleanups = this.open.get(id);
    this.open.delete(id);
    for (const cleanup of cleanups ?? []) cleanup();
  }
}
