import { describe, expect, it } from 'vitest';
import { ClientSessions } from '../../../../../electron/services/kernel/client-sessions';

describe('ClientSessions', () => {
  it("runs a session's cleanups once when it ends, and takes none for a session that is not open", () => {
    const sessions = new ClientSessions();
    const id = sessions.start();
    const ran: string[] = [];
    expect(sessions.isOpen(id)).toBe(true);
    expect(sessions.onEnd(id, () => ran.push('a'))).toBe(true);
    expect(sessions.onEnd(id, () => ran.push('b'))).toBe(true);
    sessions.end(id);
    sessions.end(id);
    expect(ran).toEqual(['a', 'b']);
    expect(sessions.isOpen(id)).toBe(false);
    expect(sessions.onEnd(id, () => ran.push('late'))).toBe(false);
    expect(sessions.onEnd('never-started', () => ran.push('never'))).toBe(false);
    expect(ran).toEqual(['a', 'b']);
  });
});
