import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawn } from 'node:child_process';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox, type StoreCredentials } from '../../../../../electron/emulator';
import { startFaultProxy, type FaultProxy } from './fault-proxy';
import { localIds, pollerRig, serviceIds } from './poller-harness';
import { startReceiver, type Receiver } from './receiver';

const LIST = /^GET \/api\/v3\/WebhookEvents$/;

describe('HistoryPoller against the sandbox', () => {
  let dir: string;
  let sandbox: RunningSandbox;
  let store: StoreCredentials;
  let proxy: FaultProxy;

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'hooklab-poller-'));
    sandbox = await startSandbox({ retryDelayMs: 1 });
    store = sandbox.createStore({ webhookUrl: '' });
    proxy = await startFaultProxy(sandbox.baseUrl);
  });
  afterEach(async () => {
    await proxy.close();
    await sandbox.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('catches up with the cursor rule and takes deliveries that arrive during the catch-up exactly once', async () => {
    sandbox.seedDeliveries(store.storeId, 450);
    const rig = pollerRig({ dbPath: join(dir, 'h.db'), baseUrl: proxy.url, creds: store });
    // On the 2nd and 4th list pages, 120 more deliveries are logged: some land on later pages.
    proxy.onRequest((line) => {
      if (!LIST.test(line.split('?')[0] ?? '')) return;
      const lists = proxy.requests.filter((r) => r.startsWith('GET /api/v3/WebhookEvents?')).length;
      if (lists === 2 || lists === 4) sandbox.seedDeliveries(store.storeId, 120);
    });
    const result = await rig.poller.runOnce();
    expect(result.error).toBeNull();
    const expected = await serviceIds(rig.client);
    expect(expected).toHaveLength(690);
    expect(localIds(rig.db)).toEqual(expected);
    expect(result.inserted).toBe(690);
    expect(rig.store.cursor('sandbox')).toBe(expected.at(-1));
    expect(rig.status.state).toBe('caught-up');
    // Every list request used the cursor rule, URL-encoded.
    const lists = proxy.requests.filter((r) => r.startsWith('GET /api/v3/WebhookEvents?'));
    expect(lists.every((r) => /filters=id%3E\d+&sorts=id&page=1&pageSize=100$/.test(r))).toBe(true);
    // The last page came back empty: nothing more to take.
    expect((await rig.poller.runOnce()).inserted).toBe(0);
    await rig.close();
  });

  it('resumes where it stopped after being killed (SIGKILL) mid-catch-up, without skipping or double-counting', async () => {
    sandbox.seedDeliveries(store.storeId, 730);
    const dbPath = join(dir, 'h.db');
    // The 4th page request hangs; once it is seen, the poller's process is killed outright.
    let reached: () => void = () => {};
    const fourth = new Promise<void>((resolve) => (reached = resolve));
    proxy.onRequest((line) => {
      const lists = proxy.requests.filter((r) => r.startsWith('GET /api/v3/WebhookEvents?')).length;
      if (line.startsWith('GET /api/v3/WebhookEvents?') && lists === 4) {
        proxy.inject('hang', 1, LIST);
        reached();
      }
    });
    const child = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'poll-child.ts'), dbPath, proxy.url, store.clientId], {
      env: { ...process.env, HOOKLAB_CLIENT_SECRET: store.clientSecret },
      stdio: 'ignore',
    });
    const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
    await fourth;
    child.kill('SIGKILL');
    await exited;
    sandbox.seedDeliveries(store.storeId, 50);

    const rig = pollerRig({ dbPath, baseUrl: sandbox.baseUrl, creds: store });
    // Whole pages only (page 3 may or may not have been committed when the kill landed), with
    // the cursor at the last stored delivery and every stored id a prefix of the service's.
    const kept = localIds(rig.db);
    expect([200, 300]).toContain(kept.length);
    expect(rig.store.cursor('sandbox')).toBe(kept.at(-1));
    const all = await serviceIds(rig.client);
    expect(kept).toEqual(all.slice(0, kept.length));
    const result = await rig.poller.runOnce();
    expect(result.inserted).toBe(780 - kept.length);
    expect(localIds(rig.db)).toEqual(await serviceIds(rig.client));
    await rig.close();
  });

  it('re-reads deliveries it first saw in flight and stores their final state', async () => {
    const receiver: Receiver = await startReceiver(200);
    sandbox.setWebhook(store.storeId, receiver.url);
    receiver.hold();
    const rig = pollerRig({ dbPath: join(dir, 'h.db'), baseUrl: sandbox.baseUrl, creds: store });
    const dispatched = sandbox.dispatchEvent(store.storeId, {
      orderId: 'o-1', orderReference: null, orderType: 'FULL', description: 'created', level: 'Info', type: 'Created', metadata: null,
    });
    // Wait until the delivery is logged (in flight) and the receiver holds it.
    await receiver.received(1);
    await rig.poller.runOnce();
    const [id] = localIds(rig.db);
    expect(rig.store.get('sandbox', id!)?.responseStatusCode).toBe(0);
    expect(rig.store.counts('sandbox').inFlight).toBe(1);
    receiver.release();
    await dispatched;
    const result = await rig.poller.runOnce();
    expect(result.updated).toBe(1);
    expect(rig.store.get('sandbox', id!)).toMatchObject({ responseStatusCode: 200, delivered: true });
    expect(rig.store.counts('sandbox')).toMatchObject({ inFlight: 0, pendingEvents: 0 });
    await rig.close();
    await receiver.close();
  });
});
