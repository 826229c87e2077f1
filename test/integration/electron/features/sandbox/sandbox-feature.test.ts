import { afterEach, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { startTestApp, type TestApp } from '../../../../support/app-harness';
import { SANDBOX_KEY_ID } from '../../../../../electron/features/sandbox/listener-link';
import { DeliveryListResponseSchema } from '../../../../../shared/service';

// The listener on a free port, so tests run in parallel with each other and a real Hooklab.
const settings = { listener: { port: 0 } };

/** The sandbox's own delivery history (see docs/service.md#list-deliveries), read the way an integrator would. */
async function sandboxHistory(app: TestApp) {
  const info = await app.call('sandbox.info', {});
  const creds = await app.call('sandbox.revealCredentials', {});
  const tokenRes = await fetch(`${info.baseUrl}/token`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ clientId: creds.clientId, clientSecret: creds.clientSecret }),
  });
  const { accessToken } = (await tokenRes.json()) as { accessToken: string };
  const res = await fetch(`${info.apiV3Url}/WebhookEvents?pageSize=100`, {
    headers: { Authorization: `Bearer ${accessToken}` },
  });
  expect(res.status).toBe(200);
  return DeliveryListResponseSchema.parse(await res.json());
}

describe('embedded sandbox feature', () => {
  const cleanup: (() => Promise<void> | void)[] = [];
  afterEach(async () => {
    for (const step of cleanup.splice(0).reverse()) await step();
  });
  const start = async (options: Parameters<typeof startTestApp>[0] = {}) => {
    const app = await startTestApp({ settings, ...options });
    cleanup.push(() => app.close());
    return app;
  };

  it('starts, points its store at the listener and registers the Sandbox environment and key', async () => {
    const app = await start();
    const status = app.core.ctx.runtime.status.get();
    expect(status.sandbox.state).toBe('running');
    expect(status.listener.state).toBe('listening');

    const info = await app.call('sandbox.info', {});
    expect(info.running).toBe(true);
    expect(info.baseUrl).toBe(status.sandbox.baseUrl);
    expect(info.webhookUrl).toBe(`http://127.0.0.1:${status.listener.port}/webhooks`);
    expect(info.chaos).toEqual({ duplicateRate: 0, reorderWindowMs: 0, unloggedRate: 0, slowResponsesMs: 0, failResendLogging: false });

    const creds = await app.call('sandbox.revealCredentials', {});
    const env = app.core.ctx.config.environments.get('sandbox');
    expect(env).toMatchObject({ isSandbox: true, baseUrl: info.baseUrl, apiV3Url: info.apiV3Url, clientId: creds.clientId, clientSecret: creds.clientSecret, secretKey: creds.secretKey });
    expect(status.host.environment).toEqual({ id: 'sandbox', name: 'Sandbox', isSandbox: true });

    const view = await app.call('settings.get', {});
    expect(view.settings.listener.keys.map((k) => k.id)).toContain(SANDBOX_KEY_ID);
    expect(view.secretsSet).toContain(`webhookKey:${SANDBOX_KEY_ID}`);
    expect(app.core.ctx.config.secrets.get(`webhookKey:${SANDBOX_KEY_ID}`)).toBe(creds.webhookKey);
  });

  it('keeps the same store and credentials across restarts with the same data dir', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'hooklab-sandbox-restart-'));
    cleanup.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const first = await startTestApp({ settings, dataDir });
    const before = { info: await first.call('sandbox.info', {}), creds: await first.call('sandbox.revealCredentials', {}) };
    await first.close();

    const second = await start({ dataDir });
    const after = { info: await second.call('sandbox.info', {}), creds: await second.call('sandbox.revealCredentials', {}) };
    expect(after.creds).toEqual(before.creds);
    expect(after.info.storeId).toBe(before.info.storeId);
    // The listener got a new free port: the store follows it.
    expect(after.info.webhookUrl).toBe(`http://127.0.0.1:${second.core.ctx.runtime.status.get().listener.port}/webhooks`);
    // The key is registered once, not once per start.
    const keys = (await second.call('settings.get', {})).settings.listener.keys.filter((k) => k.id === SANDBOX_KEY_ID);
    expect(keys).toHaveLength(1);
  });

  it('runs a scenario whose deliveries reach the listener, verified, and appear in the sandbox history', async () => {
    const app = await start();
    const { scenarios } = await app.call('sandbox.scenarios', {});
    expect(scenarios.map((s) => s.name)).toContain('payment-link-paid');

    const result = await app.call('sandbox.runScenario', { name: 'payment-link-paid' });
    expect(result.orderId).not.toBeNull();
    expect(result.deliveries.map((d) => d.eventType)).toEqual(['Created', 'SuccessPayment']);
    expect(result.deliveries.every((d) => d.delivered && d.responseStatusCode === 200)).toBe(true);

    const history = await sandboxHistory(app);
    const ids = history.webhookEvents.map((d) => d.id);
    for (const d of result.deliveries) expect(ids).toContain(d.id);

    // Hooklab's listener stored them and verified them with the sandbox key it was given.
    const live = await app.call('live.list', { limit: 50 });
    const received = live.rows.filter((r) => result.deliveries.some((d) => d.eventId === r.eventId));
    expect(received).toHaveLength(2);
    expect(received.every((r) => r.signature === 'valid' && r.signatureKeyId === SANDBOX_KEY_ID)).toBe(true);
  });

  it('sends a custom event and changes chaos on the sandbox store', async () => {
    const app = await start();
    const event = { orderId: '42', orderType: 'NEW_KIND', description: 'x', level: 'Info' as const, type: 'BrandNewType', metadata: { a: 1 } };
    const sent = await app.call('sandbox.sendEvent', { event });
    expect(sent.deliveries).toHaveLength(1);
    expect(sent.deliveries[0]).toMatchObject({ eventType: 'BrandNewType', delivered: true });

    const chaos = await app.call('sandbox.setChaos', { duplicateRate: 0.5 });
    expect(chaos.duplicateRate).toBe(0.5);
    expect((await app.call('sandbox.info', {})).chaos?.duplicateRate).toBe(0.5);
    await expect(app.call('sandbox.setChaos', { duplicateRate: 2 })).rejects.toMatchObject({ code: 'invalid-args' });
    expect((await app.call('sandbox.setChaos', { reset: true })).duplicateRate).toBe(0);
  });

  it('makes the sandbox the active environment again', async () => {
    const app = await start();
    await app.call('settings.update', { environments: { active: 'elsewhere' } });
    expect(app.core.ctx.runtime.status.get().host.environment.isSandbox).toBe(false);
    await app.call('sandbox.useSandbox', {});
    expect(app.core.ctx.runtime.status.get().host.environment).toEqual({ id: 'sandbox', name: 'Sandbox', isSandbox: true });
  });

  it('runs on the port Settings give it, moves when that changes, and falls back to a free one when it is taken', async () => {
    // A port something else holds: the sandbox still starts, elsewhere.
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    cleanup.push(() => new Promise<void>((resolve) => blocker.close(() => resolve())));
    const taken = (blocker.address() as AddressInfo).port;
    const app = await start({ settings: { ...settings, sandbox: { port: taken } } });
    expect(app.core.ctx.runtime.status.get().sandbox.state).toBe('running');
    const before = await app.call('sandbox.info', {});
    expect(new URL(before.baseUrl!).port).not.toBe(String(taken));

    // A free port from Settings: the sandbox restarts there with the same store.
    const free = await freePort();
    await app.call('settings.update', { sandbox: { port: free } });
    await expect.poll(async () => (await app.call('sandbox.info', {})).baseUrl).toBe(`http://127.0.0.1:${free}`);
    const after = await app.call('sandbox.info', {});
    expect(after.storeId).toBe(before.storeId);
    expect(app.core.ctx.config.environments.get('sandbox')?.baseUrl).toBe(`http://127.0.0.1:${free}`);
  });
});

/** A port that was free a moment ago (the OS picked it). */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
