import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { WebSocket } from 'ws';
import { startTestApp, type TestApp } from '../../../../support/app-harness';
import { confSettingsBackend } from '../../../../../electron/services/settings/conf-backend';
import { FileSecretStore, fileModeCipher } from '../../../../../electron/services/secrets/secret-store';
import { createConsoleLogger } from '../../../../../electron/services/kernel/logger';
import { CALL_NAMES, calls } from '../../../../../shared/contract';
import { eventSubprotocols } from '../../../../../shared/security/host-token';

const SECRETS = {
  'webhookKey:main': 'whk_SECRET_webhook_0f9e8d7c',
  'env:live1:clientSecret': 'cs_SECRET_client_1a2b3c4d',
  'env:live1:secretKey': 'sk_SECRET_key_5e6f7a8b',
} as const;

describe('secrets stay in the main process', () => {
  let app: TestApp;
  const logLines: string[] = [];
  const wsMessages: string[] = [];
  const results: string[] = [];
  let ws: WebSocket;

  beforeAll(async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'hooklab-secrets-'));
    app = await startTestApp({
      dataDir,
      settingsBackend: confSettingsBackend(dataDir),
      secrets: new FileSecretStore(join(dataDir, 'secrets.json'), fileModeCipher),
      log: createConsoleLogger((line) => logLines.push(line)),
    });
    ws = new WebSocket(`ws://127.0.0.1:${app.host.port}/api/events`, eventSubprotocols(app.token));
    ws.on('message', (data) => wsMessages.push(String(data)));
    await new Promise((resolve) => ws.on('open', resolve));

    await app.call('settings.update', {
      environments: {
        live: [{ id: 'live1', name: 'Live', baseUrl: 'http://127.0.0.1:9/', apiV3Url: 'http://127.0.0.1:9/api/v3', clientId: 'cid' }],
      },
      listener: { keys: [{ id: 'main', label: 'Main', addedAt: '2026-11-23T00:00:00.000Z' }] },
    });
    for (const [name, value] of Object.entries(SECRETS)) {
      results.push(JSON.stringify(await app.call('secrets.set', { name, value })));
    }
    // Every call that needs no arguments is something the renderer may ask at any time.
    for (const name of CALL_NAMES) {
      if (!calls[name].args.safeParse({}).success) continue;
      if (name.startsWith('secrets.') || name.endsWith('.clear') || name.startsWith('sandbox.reveal')) continue;
      // It waits for a delivery that never comes (its 30 s default): it returns a delivery summary, checked elsewhere.
      if (name === 'live.waitForDelivery') continue;
      try {
        results.push(JSON.stringify(await app.call(name, {} as never)));
      } catch (error) {
        results.push((error as Error).message);
      }
    }
    await app.call('settings.get', {});
  });

  afterAll(async () => {
    ws.close();
    const dir = app.dataDir;
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const leaks = (text: string) => Object.values(SECRETS).filter((secret) => text.includes(secret));

  it('reports which secrets are set, never their values', async () => {
    const view = await app.call('settings.get', {});
    expect(view.secretsSet).toEqual(expect.arrayContaining(Object.keys(SECRETS)));
    expect(leaks(JSON.stringify(view))).toEqual([]);
  });

  it('keeps them out of every call result and live event', () => {
    expect(results.length).toBeGreaterThan(3);
    expect(wsMessages.some((m) => m.includes('settings.changed'))).toBe(true);
    expect(leaks(results.join('\n'))).toEqual([]);
    expect(leaks(wsMessages.join('\n'))).toEqual([]);
  });

  it('keeps them out of the logs', () => {
    expect(leaks(logLines.join('\n'))).toEqual([]);
  });

  it('keeps them out of the settings file and the database', () => {
    for (const file of readdirSync(app.dataDir, { recursive: true }) as string[]) {
      const path = join(app.dataDir, file);
      if (!statSync(path).isFile() || file.endsWith('secrets.json')) continue;
      expect({ file, leaks: leaks(readFileSync(path).toString('latin1')) }).toEqual({ file, leaks: [] });
    }
  });

  it('says in the status, plainly, that the browser host does not encrypt its secrets file', async () => {
    const status = await app.call('app.status', {});
    expect(status.host.kind).toBe('browser');
    expect(status.host.secretsWarning).toMatch(/NOT encrypted/);
  });

  it('stores them in a file only the user can read, without plain text', () => {
    const path = join(app.dataDir, 'secrets.json');
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(leaks(readFileSync(path, 'utf8'))).toEqual([]);
  });
});
