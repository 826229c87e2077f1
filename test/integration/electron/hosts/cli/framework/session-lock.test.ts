import { describe, expect, it } from 'vitest';
import { openSession } from '../../../../../../electron/hosts/cli/framework/session';
import { acquireInstanceLock, InstanceLockedError, readRunningInstance } from '../../../../../../electron/services/instance/instance-lock';
import { tempDirs } from '../../../../../support/temp-dirs';

const tempDir = tempDirs('hooklab-session-lock-');

describe('a terminal command with no Hooklab running', () => {
  it('holds the data folder while it writes (replay, resend, scenario record), and lets it go when done', async () => {
    const dataDir = tempDir();
    const session = openSession(dataDir, { writes: true });
    try {
      expect(readRunningInstance(dataDir)).toMatchObject({ kind: 'command', pid: process.pid });
      // An app started meanwhile is refused, naming the command, instead of opening the database beside it.
      expect(() => acquireInstanceLock(dataDir, { kind: 'serve' })).toThrow(InstanceLockedError);
      expect((await session.call('live.list', { limit: 5 })).rows).toEqual([]);
    } finally {
      await session.close();
    }
    expect(readRunningInstance(dataDir)).toBeNull();
    acquireInstanceLock(dataDir, { kind: 'serve' }).release();
  });

  it('takes no lock when it only reads (events, --follow too): the app can start meanwhile', async () => {
    const dataDir = tempDir();
    const session = openSession(dataDir, { writes: false });
    try {
      expect(readRunningInstance(dataDir)).toBeNull();
      const app = acquireInstanceLock(dataDir, { kind: 'desktop' });
      app.release();
    } finally {
      await session.close();
    }
  });
});
