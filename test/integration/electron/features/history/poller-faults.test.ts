import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox, type StoreCredentials } from '../../../../../electron/emulator';
import type { Clock } from '../../../../../electron/services/platform/clock';
import { startFaultProxy, type Fault, type FaultProxy } from './fault-proxy';
import { localIds, pollerRig, serviceIds } from './poller-harness';

const LIST = /^GET \/api\/v3\/WebhookEvents$/;

/** A clock both the sandbox and the client read, moved by the test. */
function manualClock(start = Date.parse('2026-03-01T00:00:00Z')): Clock & { advance(ms: number): void } {
  let now = start;
  return { now: () => now, advance: (ms) => void (now += ms) };
}

describe('HistoryPoller under faults', () => {
  let dir: string;
  let sandbox: RunningSandbox;
  let store: StoreCredentials;
  let proxy: FaultProxy;

  const setup = async (options: Parameters<typeof startSandbox>[0] = {}) => {
    sandbox = await startSandbox({ retryDelayMs: 1, ...options });
    store = sandbox.createStore({ webhookUrl: '' });
    proxy = await startFaultProxy(sandbox.baseUrl);
  };
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'hooklab-faults-'));
  });
  afterEach(async () => {
    await proxy.close();
    await sandbox.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const faults: Array<[Fault, RegExp]> = [
    ['status-500', /failed on the delivery list \(500/],
    ['status-503', /\(503/],
    ['hang', /did not answer within/],
    ['reset', /cannot reach the service/],
    ['malformed-json', /not JSON/],
    ['wrong-shape', /unexpected shape/],
  ];
  for (const [fault, message] of faults) {
    it(`on ${fault} mid-catch-up: a clear error, then recovery with nothing lost or duplicated`, async () => {
      await setup();
      sandbox.seedDeliveries(store.storeId, 350);
      const rig = pollerRig({ dbPath: join(dir, 'h.db'), baseUrl: proxy.url, creds: store, timeoutMs: 400 });
      // Let two pages through, then fail the third.
      proxy.onRequest(() => {
        if (proxy.requests.filter((r) => r.startsWith('GET /api/v3/WebhookEvents?')).length === 3) proxy.inject(fault, 1, LIST);
      });
      const failed = await rig.poller.runOnce();
      expect(failed.error).toMatch(message);
      expect(rig.status.state).toBe('error');
      expect(rig.status.error).toMatch(message);
      expect(localIds(rig.db)).toHaveLength(200);
      proxy.onRequest(null);
      const recovered = await rig.poller.runOnce();
      expect(recovered.error).toBeNull();
      expect(rig.status).toMatchObject({ state: 'caught-up', error: null });
      expect(localIds(rig.db)).toEqual(await serviceIds(rig.client));
      await rig.close();
    });
  }

  it('keeps going when the token expires mid-catch-up (refresh before expiry, and on a 401)', async () => {
    const serviceClock = manualClock();
    await setup({ tokenLifetimeSeconds: 60, clock: serviceClock });
    sandbox.seedDeliveries(store.storeId, 500);
    // Our clock moves with the service's: proactive refresh before expiresIn runs out.
    const rig = pollerRig({ dbPath: join(dir, 'a.db'), baseUrl: proxy.url, creds: store, clock: serviceClock });
    proxy.onRequest((line) => {
      if (line.startsWith('GET /api/v3/WebhookEvents?')) serviceClock.advance(25_000);
    });
    expect((await rig.poller.runOnce()).error).toBeNull();
    expect(rig.client.tokens.issued).toBeGreaterThan(1);
    expect(localIds(rig.db)).toEqual(await serviceIds(rig.client));
    await rig.close();

    // Our clock stands still, so only the service's 401 reveals the expiry: refresh once, retry once.
    const frozen = manualClock(serviceClock.now());
    const rig2 = pollerRig({ dbPath: join(dir, 'b.db'), baseUrl: proxy.url, creds: store, clock: frozen });
    const result = await rig2.poller.runOnce();
    expect(result.error).toBeNull();
    expect(rig2.client.tokens.issued).toBeGreaterThan(1);
    expect(localIds(rig2.db)).toEqual(await serviceIds(rig2.client));
    await rig2.close();
  });

  it('says the credentials are wrong and recovers once they are fixed', async () => {
    await setup();
    sandbox.seedDeliveries(store.storeId, 10);
    const rig = pollerRig({ dbPath: join(dir, 'h.db'), baseUrl: proxy.url, creds: { ...store, clientSecret: 'wrong' } });
    expect((await rig.poller.runOnce()).error).toMatch(/refused the client id and secret/);
    expect(rig.status.state).toBe('error');
    await rig.close();
    const fixed = pollerRig({ dbPath: join(dir, 'h.db'), baseUrl: proxy.url, creds: store });
    expect((await fixed.poller.runOnce()).inserted).toBe(10);
    await fixed.close();
  });

  it('while every poll fails, its status stays error (red) with the cause, never a green "polling"', async () => {
    await setup();
    sandbox.seedDeliveries(store.storeId, 5);
    const rig = pollerRig({ dbPath: join(dir, 'h.db'), baseUrl: proxy.url, creds: store });
    proxy.inject('status-503', 3, LIST);
    try {
      const first = await rig.poller.runOnce();
      expect(first.error).toMatch(/\(503/);
      const fromFirstFailure = rig.reports.length;
      for (let i = 0; i < 2; i++) {
        expect((await rig.poller.runOnce()).error).toMatch(/\(503/);
        expect(rig.status).toMatchObject({ state: 'error', error: expect.stringMatching(/\(503/) });
      }
      const during = rig.reports.slice(fromFirstFailure - 1);
      expect(during.map((r) => r.state).filter((s) => s !== undefined)).toEqual(['error', 'error', 'error']);
      // The service answers again: green, and the error is gone.
      expect((await rig.poller.runOnce()).error).toBeNull();
      expect(rig.status).toMatchObject({ state: 'caught-up', error: null });
      expect(localIds(rig.db)).toHaveLength(5);
    } finally {
      await rig.close();
    }
  });
});
