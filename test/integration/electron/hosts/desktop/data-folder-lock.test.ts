import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { readRunningInstance } from '../../../../../electron/services/instance/instance-lock';
import { connectToRunningInstance } from '../../../../../electron/services/instance/instance-client';
import { seededUserData, startDesktopHost, type DesktopHost } from './desktop-host';
import { startServeOn, type ServeOnFolder } from '../../services/instance/serve-on-folder';
import { freePort } from '../../../../support/free-port';
import { processExists } from '../../../../support/server-process';
import { START_ARGS_ENV } from '../../../../../electron/hosts/kit/run-options/run-options';

const hosts: DesktopHost[] = [];
const serves: ServeOnFolder[] = [];
const userDataFolder = seededUserData('hooklab-desktop-lock-');

afterEach(async () => {
  for (const host of hosts.splice(0)) await host.kill();
  for (const serve of serves.splice(0)) {
    await serve.stop();
    expect(processExists(-serve.process.pid)).toBe(false);
  }
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

  it('takes --ui-port and --listener-port for this run, and saves them only with --save', async () => {
    const userData = userDataFolder();
    const [port, listenerPort] = [await freePort(), await freePort()];
    const host = await startDesktopHost({ userData, args: ['--ui-port', String(port), '--listener-port', String(listenerPort)] });
    hosts.push(host);
    await host.ready();
    expect(readRunningInstance(userData)!.url).toBe(`http://127.0.0.1:${port}`);
    expect((await connectToRunningInstance(userData)!.call('app.status', {})).listener.port).toBe(listenerPort);
    await host.command('quit').catch(() => undefined);
    expect(await host.exitCodeWithin('the app quitting')).toBe(0);
    const saved = JSON.parse(readFileSync(join(userData, 'settings.json'), 'utf8'));
    expect(saved.listener.port).toBe(0);
    expect(saved.localApi?.port).not.toBe(port);

    const again = await startDesktopHost({ userData, args: ['--listener-port', String(listenerPort), '--save'] });
    hosts.push(again);
    await again.ready();
    await again.command('quit').catch(() => undefined);
    expect(await again.exitCodeWithin('the app quitting')).toBe(0);
    expect(JSON.parse(readFileSync(join(userData, 'settings.json'), 'utf8')).listener.port).toBe(listenerPort);
  });

  it("takes every option npm start hands over (serve's: --sandbox-port, --otlp-port...), never through Chromium's argv", async () => {
    const userData = userDataFolder();
    const [sandboxPort, otlpPort] = [await freePort(), await freePort()];
    const handed = ['--sandbox-port', String(sandboxPort), '--otlp-port', String(otlpPort)];
    const host = await startDesktopHost({ userData, env: { [START_ARGS_ENV]: JSON.stringify(handed) } });
    hosts.push(host);
    await host.ready();
    const status = await connectToRunningInstance(userData)!.call('app.status', {});
    expect(status.sandbox.baseUrl).toBe(`http://127.0.0.1:${sandboxPort}`);
    expect(status.tracing.endpoint).toContain(`:${otlpPort}`);
  });

  it('still takes the old --port as the UI port, and says the new spelling on stderr', async () => {
    const userData = userDataFolder();
    const port = await freePort();
    const host = await startDesktopHost({ userData, args: ['--port', String(port)] });
    hosts.push(host);
    await host.ready();
    expect(readRunningInstance(userData)!.url).toBe(`http://127.0.0.1:${port}`);
    expect(host.output()).toContain('hooklab: --port is now --ui-port (the old spelling still works)');
    await host.command('quit').catch(() => undefined);
    expect(await host.exitCodeWithin('the app quitting')).toBe(0);
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
