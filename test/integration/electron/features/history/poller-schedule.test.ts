import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox, type StoreCredentials } from '../../../../../electron/emulator';
import { openDatabase, type Database } from '../../../../../electron/services/data/database';
import { HistoryStore } from '../../../../../electron/services/data/history-store';
import { HistoryPoller } from '../../../../../electron/features/history/poller';
import { HistoryClient } from '../../../../../electron/services/service-api/history-client';
import { systemClock } from '../../../../../electron/services/platform/clock';
import { silentLogger } from '../../../../../electron/services/kernel/logger';
import type { PollerStatus } from '../../../../../shared/contract/status';
import { startFaultProxy, type FaultProxy } from './fault-proxy';

/** Collects status reports and resolves waiters when a report matches. */
function statusLog() {
  const reports: Array<Partial<PollerStatus>> = [];
  const waiters: Array<{ test: (r: Partial<PollerStatus>) => boolean; resolve: () => void }> = [];
  return {
    reports,
    report(patch: Partial<PollerStatus>) {
      reports.push(patch);
      for (const w of [...waiters]) {
        if (w.test(patch)) {
          waiters.splice(waiters.indexOf(w), 1);
          w.resolve();
        }
      }
    },
    /** Resolves at the `count`-th report (from now) that matches. */
    next(test: (r: Partial<PollerStatus>) => boolean, count = 1): Promise<void> {
      let left = count;
      return new Promise<void>((resolve) =>
        waiters.push({ test: (r) => test(r) && --left === 0, resolve }),
      );
    },
  };
}

describe('HistoryPoller schedule', () => {
  let sandbox: RunningSandbox;
  let store: StoreCredentials;
  let proxy: FaultProxy;
  let db: Database;

  beforeEach(async () => {
    sandbox = await startSandbox({ retryDelayMs: 1 });
    store = sandbox.createStore({ webhookUrl: '' });
    proxy = await startFaultProxy(sandbox.baseUrl);
    db = openDatabase(':memory:');
  });
  afterEach(async () => {
    db.close();
    await proxy.close();
    await sandbox.close();
  });

  const poller = (status: ReturnType<typeof statusLog>, enabled: () => boolean, intervalMs = 250) =>
    new HistoryPoller({
      store: new HistoryStore(db),
      clock: systemClock,
      log: silentLogger,
      target: () => ({
        environmentId: 'sandbox',
        client: new HistoryClient({
          connection: { baseUrl: proxy.url, apiV3Url: `${proxy.url}/api/v3`, clientId: store.clientId, clientSecret: store.clientSecret },
          fetch,
          clock: systemClock,
        }),
      }),
      intervalMs: () => intervalMs,
      enabled,
      report: (patch) => status.report(patch),
      onApplied: () => {},
    });

  it('polls again at its interval and picks up new deliveries', async () => {
    const status = statusLog();
    const p = poller(status, () => true);
    const first = status.next((r) => r.state === 'caught-up');
    p.start();
    await first;
    sandbox.seedDeliveries(store.storeId, 3);
    await status.next((r) => r.state === 'caught-up' && (r.cursor ?? 0) > 0);
    expect(new HistoryStore(db).counts('sandbox').deliveries).toBe(3);
    expect(status.reports.some((r) => typeof r.nextPollAt === 'string')).toBe(true);
    await p.stop();
  });

  it('polls at once when nudged instead of waiting out a long interval', async () => {
    const status = statusLog();
    const p = poller(status, () => true, 3_600_000);
    const first = status.next((r) => r.state === 'caught-up');
    p.start();
    await first;
    sandbox.seedDeliveries(store.storeId, 2);
    const again = status.next((r) => r.state === 'caught-up' && (r.cursor ?? 0) > 0);
    // An hour-long interval: only the nudge can bring this poll (the test times out otherwise).
    p.nudge(10);
    await again;
    expect(new HistoryStore(db).counts('sandbox').deliveries).toBe(2);
    await p.stop();
  });

  it('backs off on errors and recovers by itself when the service does', async () => {
    sandbox.seedDeliveries(store.storeId, 5);
    proxy.inject('status-503', 2, /^GET \/api\/v3\/WebhookEvents$/);
    const status = statusLog();
    const p = poller(status, () => true);
    const twoErrors = status.next((r) => r.state === 'error', 2);
    const recovered = status.next((r) => r.state === 'caught-up');
    p.start();
    await twoErrors;
    await recovered;
    expect(status.reports.filter((r) => r.state === 'error').map((r) => r.error)).toEqual([
      expect.stringMatching(/\(503/),
      expect.stringMatching(/\(503/),
    ]);
    expect(new HistoryStore(db).counts('sandbox').deliveries).toBe(5);
    await p.stop();
  });

  it('reports disabled and does not poll when the poller is switched off', async () => {
    const status = statusLog();
    const p = poller(status, () => false);
    p.start();
    expect(status.reports.at(-1)).toMatchObject({ state: 'disabled' });
    await p.stop();
    expect(proxy.requests).toEqual([]);
  });
});
