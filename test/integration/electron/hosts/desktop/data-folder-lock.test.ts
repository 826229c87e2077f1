import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { readRunningInstance } from '../../../../../electron/services/instance/instance-lock';
import { connectToRunningInstance } from '../../../../../electron/services/instance/instance-client';
import { seedSettings, startDesktopHost, type DesktopHost } from './desktop-host';
import { startServeOn, type ServeOnFolder } from '../../services/instance/serve-on-folder';
import { processExists } from '../../../../support/server-process';

const hosts: DesktopHost[] = [];
const serves: ServeOnFolder[] = [];
const folders: string[] = [];

function userDataFolder(): string {
  const dir = mkdtempSync(join(tmpdir(), 'hooklab-desktop-lock-'));
  folders.push(dir);
  seedSettings(dir);
  return dir;
}

afterEach(async () => {
  for (const host of hosts.splice(0)) await host.kill();
  for (const serve of serves.splice(0)) {
    await serve.stop();
    expect(processExists(-serve.process.pid)).toBe(false);
  }
  for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('the desktop app and its data folder', () => {
  it('answers on a local API recorded in the lock, so terminal tools act through the running app', async () => {
    const userData = userDataFolder();
    const host = await startDesktopHost({ userData });
    hosts.push(host);
    await host.ready();
    const holder = readRunningInstance(userData);
    expect(holder).toMatchObject({ pid: host.pid, kind: 'desktop' });
    expect(holder!.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const client = connectToRunningInstance(userData)!;
    const status = await client.call('app.status', {});
    expect(status.host).toMatchObject({ kind: 'electron', dataDir: userData });
  });

  it('gives the folder back when it quits', async () => {
    const userData = userDataFolder();
    const host = await startDesktopHost({ userData });
    hosts.push(host);
    await host.ready();
    const url = readRunningInstance(userData)!.url!;
    await host.command('quit').catch(() => undefined);
    expect(await host.exitCodeWithin('the app quitting')).toBe(0);
    expect(readRunningInstance(userData)).toBeNull();
    // Its local API closed with it.
    await expect(fetch(`${url}/api/contract`)).rejects.toThrow();
  });

  it('refuses to start on a folder a serve holds: an error box naming it, exit 2, and the serve keeps working', async () => {
    const userData = userDataFolder();
    const serve = await startServeOn(userData);
    serves.push(serve);
    const host = await startDesktopHost({ userData });
    hosts.push(host);
    await host.command('ready').catch(() => undefined);
    expect(await host.exitCodeWithin('the second Hooklab giving up')).toBe(2);
    const boxes = host.calls('dialog', 'showErrorBox');
    expect(boxes).toHaveLength(1);
    expect(String(boxes[0]!.args[1])).toBe(
      `The data folder ${userData} is in use by another Hooklab (serve, pid ${serve.process.pid}, ${serve.url}): stop it or use --data-dir`,
    );
    expect(readRunningInstance(userData)).toMatchObject({ pid: serve.process.pid, url: serve.url });
    const client = connectToRunningInstance(userData)!;
    expect((await client.call('app.status', {})).host.kind).toBe('browser');
  });
});
