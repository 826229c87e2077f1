import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, describe, expect, it } from 'vitest';
import { startSandbox } from '../../../../../electron/emulator';
import { APP_SANDBOX_FOLDER } from '../../../../../electron/emulator/id-space';
import { SANDBOX_KEY_ID } from '../../../../../electron/features/sandbox/listener-link';
import { MemorySecretStore } from '../../../../../electron/services/secrets/secret-store';
import { startTestApp, type TestApp } from '../../../../support/app-harness';
import { tempDirs } from '../../../../support/temp-dirs';
import { callWith, startServeOn, type ServeOnFolder } from '../../services/instance/serve-on-folder';

/** What a real store's key looks like to the sandbox: any text (here, one no sandbox would make). */
const REAL_KEY = 'prod-store-key-3f9a61c0d2b74e58a9c1';
const newDir = tempDirs('hooklab-sandbox-trust-');

/** Every byte of the sandbox's files in `dataDir`, as text: where a kept key would show. */
function sandboxFilesText(dataDir: string): string {
  const folder = join(dataDir, APP_SANDBOX_FOLDER);
  return readdirSync(folder)
    .map((name) => readFileSync(join(folder, name)).toString('latin1'))
    .join('\n');
}

describe('the embedded sandbox never holds the real key, and its control API is the app\'s alone', () => {
  const running: Array<ServeOnFolder | TestApp> = [];
  afterEach(async () => {
    for (const r of running.splice(0).reverse()) await ('stop' in r ? r.stop() : r.close());
  });

  it('serve with HOOKLAB_WEBHOOK_KEY: the sandbox signs with its own key, which the listener verifies; no token, no answer', async () => {
    const dataDir = newDir();
    const serve = await startServeOn(dataDir, [], { HOOKLAB_WEBHOOK_KEY: REAL_KEY });
    running.push(serve);
    const call = async (name: string, args: unknown = {}) => {
      const r = await callWith(serve.url, serve.token, name, args);
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      return (r.body as { value: any }).value;
    };
    const info = await call('sandbox.info');
    const creds = await call('sandbox.revealCredentials');
    expect(creds.webhookKey).not.toBe(REAL_KEY);
    expect(creds.webhookKey).toMatch(/^whk_/);

    // Another local process (an agent's shell): every control route is closed to it.
    for (const [method, path] of [['POST', '/scenarios/3ds-success'], ['GET', `/stores/${info.storeId}`], ['PUT', `/stores/${info.storeId}/webhook`]] as const) {
      const res = await fetch(`${info.controlUrl}${path}`, { method, headers: { 'Content-Type': 'application/json' }, ...(method === 'GET' ? {} : { body: '{"url":"http://127.0.0.1:9/x"}' }) });
      expect(res.status, `${method} ${path}`).toBe(401);
      expect(await res.text()).not.toContain(creds.webhookKey);
    }

    // The app's own scenario still reaches the listener, verified with the sandbox's key beside the user's.
    const run = await call('sandbox.runScenario', { name: '3ds-success' });
    expect(run.deliveries.map((d: { delivered: boolean }) => d.delivered)).toEqual([true, true]);
    const { rows } = await call('live.list', {});
    expect(rows.map((r: { signature: string; signatureKeyId: string }) => [r.signature, r.signatureKeyId])).toEqual([
      ['valid', SANDBOX_KEY_ID],
      ['valid', SANDBOX_KEY_ID],
    ]);
    const keys = (await call('settings.get')).settings.listener.keys.map((k: { id: string }) => k.id);
    expect(keys).toEqual(['cli', SANDBOX_KEY_ID]);

    await serve.stop();
    running.pop();
    expect(sandboxFilesText(dataDir)).not.toContain(REAL_KEY);
  });

  it('a sandbox.sqlite that kept an adopted key (an earlier version) gets a key of its own at start, and the file forgets the old one', async () => {
    const dataDir = newDir();
    const folder = join(dataDir, APP_SANDBOX_FOLDER);
    // What an earlier version left: the default store holding `--webhook-key`, in a record that
    // says nothing about where its key came from.
    const earlier = await startSandbox({ dataDir: folder, defaultStore: { webhookKey: REAL_KEY } });
    await earlier.close();
    const db = new DatabaseSync(join(folder, 'sandbox.sqlite'));
    db.exec("UPDATE records SET json = json_remove(json, '$.webhookKeyOwn') WHERE kind = 'store'");
    db.close();
    expect(sandboxFilesText(dataDir)).toContain(REAL_KEY);

    const secrets = new MemorySecretStore();
    secrets.set(`webhookKey:${SANDBOX_KEY_ID}`, REAL_KEY);
    const app = await startTestApp({ dataDir, secrets, settings: { listener: { port: 0 } } });
    running.push(app);
    const creds = await app.call('sandbox.revealCredentials', {});
    expect(creds.webhookKey).not.toBe(REAL_KEY);
    expect(creds.webhookKey).toMatch(/^whk_[A-Za-z0-9_-]{32}$/);
    // The listener follows: "Sandbox store key" is the new key, the real one is gone from it.
    expect(secrets.get(`webhookKey:${SANDBOX_KEY_ID}`)).toBe(creds.webhookKey);
    const run = await app.call('sandbox.runScenario', { name: 'order-cancelled' });
    expect(run.deliveries.every((d) => d.delivered)).toBe(true);
    const { rows } = await app.call('live.list', {});
    expect(rows.map((r) => r.signature)).toEqual(['valid', 'valid']);

    await app.close();
    running.pop();
    expect(sandboxFilesText(dataDir)).not.toContain(REAL_KEY);
  });

  it("a stored key that looks generated but is one of the listener's other keys is replaced too", async () => {
    const dataDir = newDir();
    const lookalike = `whk_${'A'.repeat(32)}`;
    const earlier = await startSandbox({ dataDir: join(dataDir, APP_SANDBOX_FOLDER), defaultStore: { webhookKey: lookalike } });
    await earlier.close();
    const db = new DatabaseSync(join(dataDir, APP_SANDBOX_FOLDER, 'sandbox.sqlite'));
    db.exec("UPDATE records SET json = json_remove(json, '$.webhookKeyOwn') WHERE kind = 'store'");
    db.close();
    const secrets = new MemorySecretStore();
    secrets.set('webhookKey:cli', lookalike);
    const keys = [{ id: 'cli', label: 'from the command line', addedAt: '2026-01-01T00:00:00.000Z', accepted: true, environmentId: null }];
    const app = await startTestApp({ dataDir, secrets, settings: { listener: { port: 0, keys } } });
    running.push(app);
    expect((await app.call('sandbox.revealCredentials', {})).webhookKey).not.toBe(lookalike);
  });

  it('sandbox.setWebhookUrl follows the target policy: this machine, or a target the user allowed', async () => {
    const app = await startTestApp({ settings: { listener: { port: 0 } } });
    running.push(app);
    const before = (await app.call('sandbox.info', {})).webhookUrl;
    await expect(app.call('sandbox.setWebhookUrl', { url: 'http://203.0.113.7/hook' })).rejects.toThrow(/203\.0\.113\.7 is not on this machine and you did not allow it/);
    await expect(app.call('sandbox.setWebhookUrl', { url: `http://127.0.0.1:9/a;http://metadata.example/b` })).rejects.toThrow(/metadata\.example/);
    expect((await app.call('sandbox.info', {})).webhookUrl).toBe(before);

    expect((await app.call('sandbox.setWebhookUrl', { url: 'http://127.0.0.1:9/down' })).webhookUrl).toBe('http://127.0.0.1:9/down');
    await app.call('settings.update', { listener: { allowedTargets: ['https://staging.example/hook'] } });
    expect((await app.call('sandbox.setWebhookUrl', { url: 'https://staging.example/hook' })).webhookUrl).toBe('https://staging.example/hook');
  });
});
