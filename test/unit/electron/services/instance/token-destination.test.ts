import { chmodSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { HOST_TOKEN_FILE, HostToken, readHostToken } from '../../../../../electron/services/instance/host-token-file';
import { connectToRunningInstance } from '../../../../../electron/services/instance/instance-client';
import { acquireInstanceLock, type InstanceLock } from '../../../../../electron/services/instance/instance-lock';
import { tempDirs } from '../../../../support/temp-dirs';

// Issue 25, item 12: the data folder's files decide where terminal tools send its access token.
const tempDir = tempDirs('hooklab-token-destination-');
const TOKEN = 'T'.repeat(32);

const held: InstanceLock[] = [];
afterEach(() => {
  for (const lock of held.splice(0)) lock.release();
});

function heldAt(url: string): string {
  const dataDir = tempDir();
  // This process holds the folder (the OS-released lock), and its lock file names `url`.
  held.push(acquireInstanceLock(dataDir, { kind: 'serve', url }));
  writeFileSync(join(dataDir, HOST_TOKEN_FILE), TOKEN);
  return dataDir;
}

describe('where terminal tools send the access token', () => {
  it('never to an address the lock names off this machine, or by a name that could resolve elsewhere', async () => {
    for (const url of ['http://192.0.2.10:4780', 'http://localhost:4780', 'https://127.0.0.1:4780', 'http://example.com/']) {
      const sent: string[] = [];
      const client = connectToRunningInstance(heldAt(url), {
        fetch: async (input) => {
          sent.push(String(input));
          return new Response('{}');
        },
      })!;
      await expect(client.call('app.status', {})).rejects.toThrow(/is not a loopback address: the folder's access token is only sent to this machine/);
      await expect(client.eventsReady()).rejects.toThrow(/not a loopback address/);
      client.close();
      expect(sent).toEqual([]);
    }
  });

  it('to the loopback address the lock names', async () => {
    let authorization: string | null = null;
    const client = connectToRunningInstance(heldAt('http://127.0.0.1:4780'), {
      fetch: async (_input, init) => {
        authorization = new Headers(init?.headers).get('authorization');
        return new Response(JSON.stringify({ ok: false, error: { code: 'internal', message: 'stand-in' } }), { status: 500 });
      },
    })!;
    await expect(client.call('app.status', {})).rejects.toThrow('stand-in');
    expect(authorization).toBe(`Bearer ${TOKEN}`);
  });
});

describe('a host-token that is a symbolic link', () => {
  it('is refused by the tools, and replaced (not followed) by the host: its target keeps its text and mode', async () => {
    const dataDir = heldAt('http://127.0.0.1:4780');
    const target = join(tempDir(), 'elsewhere');
    writeFileSync(target, 'A'.repeat(40));
    chmodSync(target, 0o644);
    const tokenPath = join(dataDir, HOST_TOKEN_FILE);
    rmSync(tokenPath);
    symlinkSync(target, tokenPath);

    expect(() => readHostToken(dataDir)).toThrow(/host-token is a symbolic link: refused/);
    const sent: string[] = [];
    const client = connectToRunningInstance(dataDir, { fetch: async (input) => (sent.push(String(input)), new Response('{}')) })!;
    await expect(client.call('app.status', {})).rejects.toThrow(/symbolic link: refused/);
    expect(sent).toEqual([]);

    const token = new HostToken(dataDir);
    expect(token.current()).not.toBe('A'.repeat(40));
    expect(statSync(target).mode & 0o777).toBe(0o644);
    expect(readFileSync(target, 'utf8')).toBe('A'.repeat(40));
    expect(readHostToken(dataDir)).toBe(token.current());
  });
});
