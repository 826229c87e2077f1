import { afterEach, describe, expect, it } from 'vitest';
import { createHmac } from 'node:crypto';
import { createServer as createHttpServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SettingsService } from '../../../../../electron/services/settings/settings-service';
import { confSettingsBackend } from '../../../../../electron/services/settings/conf-backend';
import { FileSecretStore, fileModeCipher } from '../../../../../electron/services/secrets/secret-store';
import { connectToRunningInstance } from '../../../../../electron/services/instance/instance-client';
import { processExists, spawnServer } from '../../../../support/server-process';
import { freePort } from '../../../../support/free-port';
import { tempDirs } from '../../../../support/temp-dirs';
import { startServeOn, type ServeOnFolder } from '../../services/instance/serve-on-folder';

const tempDir = tempDirs('hooklab-serve-options-');
const running: ServeOnFolder[] = [];
const servers: Server[] = [];
afterEach(async () => {
  for (const serve of running.splice(0)) {
    await serve.stop();
    expect(processExists(-serve.process.pid)).toBe(false);
  }
  for (const server of servers.splice(0)) await new Promise((resolve) => server.close(resolve));
});

async function serveOn(dataDir: string, args: readonly string[] = [], env?: NodeJS.ProcessEnv): Promise<ServeOnFolder> {
  // The sandbox on a free port too, unless the test chooses.
  const sandbox = args.includes('--no-sandbox') || args.includes('--sandbox-port') ? [] : ['--sandbox-port', '0'];
  const serve = await startServeOn(dataDir, [...sandbox, ...args], env);
  running.push(serve);
  return serve;
}

async function stop(serve: ServeOnFolder): Promise<void> {
  running.splice(running.indexOf(serve), 1);
  await serve.stop();
}

const savedSettings = (dataDir: string) => new SettingsService(confSettingsBackend(dataDir)).get();

/** The user's own handler: verifies the signature with its key, as the service's docs say (2.8). */
async function userHandler(holder: { readonly key: string }): Promise<{ url: string; verdicts: boolean[] }> {
  const verdicts: boolean[] = [];
  const server = createHttpServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const expected = createHmac('sha256', holder.key).update(Buffer.concat(chunks)).digest('base64');
      const ok = req.headers['x-svc-hmac-sha256'] === expected;
      verdicts.push(ok);
      res.writeHead(ok ? 200 : 401).end();
    });
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks`, verdicts };
}

describe('serve options apply to the run, and are saved only with --save', () => {
  it('--ui-port and --listener-port hold for this run and leave the saved settings alone', async () => {
    const dataDir = tempDir();
    const [port, listenerPort] = [await freePort(), await freePort()];
    const serve = await serveOn(dataDir, ['--ui-port', String(port), '--listener-port', String(listenerPort), '--webhook-key', 'run-only-key']);
    expect(serve.url).toBe(`http://127.0.0.1:${port}`);
    const status = await connectToRunningInstance(dataDir)!.call('app.status', {});
    expect(status.listener.port).toBe(listenerPort);
    await stop(serve);
    const saved = savedSettings(dataDir);
    expect(saved.localApi.port).toBe(4782);
    expect(saved.listener.port).toBe(4780);
    expect(saved.listener.keys.map((k) => k.id)).not.toContain('cli');
    expect(new FileSecretStore(join(dataDir, 'secrets.json'), fileModeCipher).get('webhookKey:cli')).toBeUndefined();
  });

  it('--save keeps them, and --data-dir, for later starts', async () => {
    const dataDir = tempDir();
    const config = tempDir();
    const [port, listenerPort] = [await freePort(), await freePort()];
    const env = { XDG_CONFIG_HOME: config };
    const serve = await serveOn(dataDir, ['--ui-port', String(port), '--listener-port', String(listenerPort), '--save'], env);
    expect(serve.process.output()).toContain('Options saved for later starts (--save).');
    await stop(serve);
    const saved = savedSettings(dataDir);
    expect(saved.localApi.port).toBe(port);
    expect(saved.listener.port).toBe(listenerPort);
    expect(JSON.parse(readFileSync(join(config, 'Hooklab', 'start.json'), 'utf8'))).toEqual({ dataDir });

    // A later start without options: the saved folder, port and listener port.
    const later = spawnServer('electron/hosts/cli/serve.ts', ['--sandbox-port', '0'], { env });
    try {
      await later.waitFor(/Hooklab is running at/);
      expect(later.output()).toContain(`Data folder: ${dataDir}\n`);
      expect(later.output()).toContain(`Hooklab is running at http://127.0.0.1:${port}/`);
      expect((await connectToRunningInstance(dataDir)!.call('app.status', {})).listener.port).toBe(listenerPort);
    } finally {
      await later.killGroup('SIGTERM');
      expect(processExists(-later.pid)).toBe(false);
    }
  });

  it('takes HOOKLAB_DATA_DIR as every command does, when --data-dir is not given', async () => {
    const dataDir = tempDir();
    const serve = spawnServer('electron/hosts/cli/serve.ts', ['--ui-port', '0', '--listener-port', '0', '--sandbox-port', '0'], {
      env: { HOOKLAB_DATA_DIR: dataDir, XDG_CONFIG_HOME: tempDir() },
    });
    try {
      await serve.waitFor(/Hooklab is running at/);
      expect(serve.output()).toContain(`Data folder: ${dataDir}\n`);
      expect(connectToRunningInstance(dataDir)).not.toBeNull();
    } finally {
      await serve.killGroup('SIGTERM');
      expect(processExists(-serve.pid)).toBe(false);
    }
  });

  it('without --save, --data-dir is not remembered', async () => {
    const dataDir = tempDir();
    const config = tempDir();
    await stop(await serveOn(dataDir, [], { XDG_CONFIG_HOME: config }));
    expect(existsSync(join(config, 'Hooklab', 'start.json'))).toBe(false);
  });
});

describe('serve and the embedded sandbox', () => {
  for (const via of ['--webhook-key', 'HOOKLAB_WEBHOOK_KEY'] as const) {
    it(`keeps signing with the sandbox's own key when the listener's key is given as ${via}: a handler given the sandbox's key accepts its events`, async () => {
      const key = 'whk_users-own-key-0123456789';
      const holder: { key: string } = { key: '' };
      const handler = await userHandler(holder);
      const args = ['--forward-to', handler.url, ...(via === '--webhook-key' ? ['--webhook-key', key] : [])];
      const dataDir = tempDir();
      await serveOn(dataDir, args, via === 'HOOKLAB_WEBHOOK_KEY' ? { HOOKLAB_WEBHOOK_KEY: key } : undefined);
      const client = connectToRunningInstance(dataDir)!;
      // The sandbox never takes the given key (it may be a real store's): its own is another.
      holder.key = (await client.call('sandbox.revealCredentials', {})).webhookKey;
      expect(holder.key).not.toBe(key);
      const result = await client.call('sandbox.runScenario', { name: '3ds-success' });
      expect(result.deliveries.length).toBeGreaterThan(0);
      // Each delivery reaches the handler through the listener's forward, verified there too.
      await expect.poll(() => handler.verdicts.length, { timeout: 15_000 }).toBeGreaterThanOrEqual(result.deliveries.length);
      expect(handler.verdicts.every(Boolean)).toBe(true);
      const { rows } = await client.call('live.list', {});
      expect(rows.map((r) => r.signature)).toEqual(result.deliveries.map(() => 'valid'));
    });
  }

  it('--no-sandbox runs without it; --sandbox-port N puts it on N', async () => {
    const offDir = tempDir();
    await serveOn(offDir, ['--no-sandbox']);
    const offStatus = await connectToRunningInstance(offDir)!.call('app.status', {});
    expect(offStatus.sandbox).toMatchObject({ state: 'off', baseUrl: null });

    const port = await freePort();
    const onDir = tempDir();
    await serveOn(onDir, ['--sandbox-port', String(port)]);
    const onStatus = await connectToRunningInstance(onDir)!.call('app.status', {});
    expect(onStatus.sandbox).toMatchObject({ state: 'running', baseUrl: `http://127.0.0.1:${port}` });
  });
});
