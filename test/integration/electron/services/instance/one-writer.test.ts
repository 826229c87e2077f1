import { afterEach, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import WebSocket from 'ws';
import { spawnServer, processExists } from '../../../../support/server-process';
import { freePort } from '../../../../support/free-port';
import { tempDirs } from '../../../../support/temp-dirs';
import { acquireInstanceLock, LOCK_FILE, readRunningInstance } from '../../../../../electron/services/instance/instance-lock';
import { HOST_TOKEN_FILE, readHostToken } from '../../../../../electron/services/instance/host-token-file';
import { connectToRunningInstance } from '../../../../../electron/services/instance/instance-client';
import { eventSubprotocols } from '../../../../../shared/security/host-token';
import { callWith, startServeOn, type ServeOnFolder } from './serve-on-folder';

const tempDir = tempDirs('hooklab-instance-');
const running: ServeOnFolder[] = [];
afterEach(async () => {
  for (const serve of running.splice(0)) {
    await serve.stop();
    expect(processExists(-serve.process.pid)).toBe(false);
  }
});
async function serveOn(dataDir: string): Promise<ServeOnFolder> {
  const serve = await startServeOn(dataDir);
  running.push(serve);
  return serve;
}

describe('one Hooklab per data folder', () => {
  it('refuses a second serve on the folder with exit 2, naming the folder and the first one, which keeps working', async () => {
    const dataDir = tempDir();
    const first = await serveOn(dataDir);
    expect(readRunningInstance(dataDir)).toMatchObject({ pid: first.process.pid, kind: 'serve', url: first.url });

    const second = spawnServer('electron/hosts/cli/serve.ts', ['--ui-port', '0', '--listener-port', '0', '--data-dir', dataDir]);
    const code = await new Promise<number | null>((resolve) => second.child.once('exit', (c) => resolve(c)));
    await second.killGroup();
    expect(code).toBe(2);
    expect(second.output()).toContain(
      `The data folder ${dataDir} is in use by another Hooklab (serve, pid ${first.process.pid}, ${first.url}): stop it or use --data-dir`,
    );
    expect(second.output()).not.toContain('Hooklab is running at');

    const status = await callWith(first.url, first.token, 'app.status');
    expect(status.status).toBe(200);
    expect(readRunningInstance(dataDir)).toMatchObject({ pid: first.process.pid, url: first.url });
  });

  it('lets exactly one of two serves started at the same moment have the folder', async () => {
    const dataDir = tempDir();
    const args = ['--ui-port', '0', '--listener-port', '0', '--sandbox-port', '0', '--data-dir', dataDir];
    const both = [spawnServer('electron/hosts/cli/serve.ts', args), spawnServer('electron/hosts/cli/serve.ts', args)];
    try {
      const outcomes = await Promise.all(
        both.map((server) =>
          Promise.race([
            server.waitFor(/Hooklab is running at/).then(() => 'running'),
            new Promise<string>((resolve) => server.child.once('exit', (code) => resolve(`exit ${code}`))),
          ]),
        ),
      );
      expect([...outcomes].sort()).toEqual(['exit 2', 'running']);
      const winner = both[outcomes.indexOf('running')]!;
      expect(readRunningInstance(dataDir)).toMatchObject({ pid: winner.pid, kind: 'serve' });
    } finally {
      for (const server of both) {
        await server.killGroup('SIGTERM');
        expect(processExists(-server.pid)).toBe(false);
      }
    }
  });

  it('takes over the lock of a Hooklab that died without releasing it', async () => {
    const dataDir = tempDir();
    const dead = Number(spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']).stdout.toString());
    writeFileSync(join(dataDir, LOCK_FILE), JSON.stringify({ pid: dead, kind: 'desktop', url: 'http://127.0.0.1:9', startedAt: '2020-01-01T00:00:00Z' }));
    const serve = await serveOn(dataDir);
    expect(readRunningInstance(dataDir)).toMatchObject({ pid: serve.process.pid, kind: 'serve', url: serve.url });
    expect(statSync(join(dataDir, LOCK_FILE)).mode & 0o777).toBe(0o600);
  });

  it('releases the folder when serve stops', async () => {
    const dataDir = tempDir();
    const serve = await startServeOn(dataDir);
    expect(readRunningInstance(dataDir)).not.toBeNull();
    await serve.stop();
    expect(readRunningInstance(dataDir)).toBeNull();
  });
});

describe('the instance client', () => {
  it('calls the running serve through its local API and receives its live events', async () => {
    const dataDir = tempDir();
    expect(connectToRunningInstance(dataDir)).toBeNull();
    const serve = await serveOn(dataDir);
    const client = connectToRunningInstance(dataDir);
    expect(client).not.toBeNull();
    try {
      const status = await client!.call('app.status', {});
      expect(status.host).toMatchObject({ kind: 'browser', dataDir });
      expect(status.listener.state).toBe('listening');

      const changed = new Promise<number>((resolve) =>
        client!.onEvent('settings.changed', (view) => resolve(view.settings.poller.intervalMs)),
      );
      await client!.eventsReady();
      // Changed by another caller (the UI, here a plain HTTP call): the client hears of it.
      const update = await callWith(serve.url, serve.token, 'settings.update', { poller: { intervalMs: 4200 } });
      expect(update.status).toBe(200);
      expect(await changed).toBe(4200);
    } finally {
      client!.close();
    }
  });

  it('says clearly when the holder of the folder does not answer', async () => {
    const dataDir = tempDir();
    // This test's process holding the folder at an address where nothing listens.
    const closedPort = await freePort();
    const lock = acquireInstanceLock(dataDir, { kind: 'desktop', url: `http://127.0.0.1:${closedPort}` });
    writeFileSync(join(dataDir, HOST_TOKEN_FILE), 'a'.repeat(32));
    const client = connectToRunningInstance(dataDir)!;
    await expect(client.call('app.status', {})).rejects.toThrow(
      `The Hooklab holding this data folder (desktop, pid ${process.pid}, http://127.0.0.1:${closedPort}) does not answer: ECONNREFUSED`,
    );
    await expect(client.eventsReady()).rejects.toThrow('does not answer');
    client.close();
    lock.release();
  });
});

describe('the access token of a data folder', () => {
  it('is kept across restarts (the same address works again) and a rotation refuses the old one', async () => {
    const dataDir = tempDir();
    const first = await startServeOn(dataDir);
    const token = first.token;
    expect(readHostToken(dataDir)).toBe(token);
    expect(statSync(join(dataDir, HOST_TOKEN_FILE)).mode & 0o777).toBe(0o600);
    await first.stop();

    const again = await serveOn(dataDir);
    expect(again.token).toBe(token);
    expect((await callWith(again.url, token, 'app.status')).status).toBe(200);

    // An open tab's event socket, opened with the old token.
    const socket = new WebSocket(`${again.url.replace('http', 'ws')}/api/events`, eventSubprotocols(token));
    await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
    const closed = new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)));

    const rotated = await callWith(again.url, token, 'app.rotateAccessToken');
    expect(rotated.status).toBe(200);
    // The token itself never comes back from the API.
    expect(JSON.stringify(rotated.body)).not.toContain(readHostToken(dataDir)!);
    expect(await closed).toBe(4401);

    const fresh = readHostToken(dataDir)!;
    expect(fresh).not.toBe(token);
    expect((await callWith(again.url, token, 'app.status')).status).toBe(401);
    expect((await callWith(again.url, fresh, 'app.status')).status).toBe(200);
    await again.process.waitFor(/Access token rotated: Hooklab is now at (\S+)/);
    expect(again.process.output()).toContain(`Access token rotated: Hooklab is now at ${again.url}/#token=${fresh}`);
    expect(readFileSync(join(dataDir, HOST_TOKEN_FILE), 'utf8').trim()).toBe(fresh);
  });
});
