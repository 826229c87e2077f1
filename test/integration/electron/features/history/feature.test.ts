import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../../support/app-harness';
import type { EventName } from '../../../../../shared/contract';
import { startReceiver, type Receiver } from './receiver';
import { event, startSandboxApp, type SandboxApp } from './sandbox-app';
import { signBody } from '../../../../../shared/signing';
import { nodeHmac } from '../../../../../electron/services/platform/node-hmac';

/**
 * The whole product on loopback: the embedded sandbox delivering to the real listener, the
 * history feature polling the sandbox, everything driven through the browser host's HTTP API
 * as a script would.
 */
describe('History feature through the browser host', () => {
  let sandbox: SandboxApp;
  let app: TestApp;
  let elsewhere: Receiver;
  let listenerUrl: string;
  const seen: Array<{ event: EventName; payload: unknown }> = [];
  const setWebhook = (url: string) => sandbox.setWebhook(url);

  beforeAll(async () => {
    sandbox = await startSandboxApp();
    ({ app, elsewhere, listenerUrl } = sandbox);
    app.core.ctx.runtime.bus.subscribe((e, payload) => {
      if (e.startsWith('history.') || e === 'job.progress') seen.push({ event: e, payload });
    });
  });
  afterAll(async () => {
    await sandbox.close();
  });

  it('polls the sandbox into the local copy and reconciles it with what the listener received', async () => {
    for (let i = 0; i < 3; i++) await app.call('sandbox.sendEvent', { event: event(`o-${i}`) });
    // pollNow's cycle starts after the call, so it sees all three (an earlier cycle, nudged by
    // the listener, may have copied some of them already).
    const polled = await app.call('history.pollNow', {});
    expect(polled).toMatchObject({ error: null });
    expect(await app.call('history.summary', {})).toMatchObject({ environmentId: 'sandbox', deliveries: 3, events: 3, pendingEvents: 0 });
    expect((await app.call('app.status', {})).poller).toMatchObject({ state: 'caught-up', environmentId: 'sandbox' });
    expect(seen.some((s) => s.event === 'history.updated')).toBe(true);
    const r = await app.call('history.reconcile', {});
    expect(r.counts).toMatchObject({ received: 3, lost: 0, unlogged: 0, 'handler-failed': 0 });
    const item = r.items[0]!;
    const diff = await app.call('history.diff', { left: { kind: 'received', id: item.receivedId! }, right: { kind: 'history', id: item.historyId! } });
    expect(diff.verdict).toBe('identical');
    expect(diff.changes).toEqual([]);
  });

  it('shows the window the URL pointed elsewhere, and resending it fills it', async () => {
    await setWebhook(elsewhere.url);
    await app.call('sandbox.sendEvent', { event: event('away-1') });
    await app.call('sandbox.sendEvent', { event: event('away-2') });
    await setWebhook(listenerUrl);
    await app.call('history.pollNow', {});
    const before = await app.call('history.reconcile', {});
    expect(before.counts).toMatchObject({ received: 3, lost: 2 });
    const window = before.windows.at(-1)!;
    expect(window.deliveries).toBe(2);
    expect(window.eventIds).toHaveLength(2);

    const jobId = 'window-1';
    const summary = await app.call('history.resendMany', { ids: window.eventIds, concurrency: 2, jobId });
    expect(summary).toMatchObject({ jobId, total: 2, delivered: 2, failed: 0 });
    const progress = seen.filter((s) => s.event === 'job.progress').map((s) => s.payload as { jobId: string; done: number; state: string });
    expect(progress.filter((p) => p.jobId === jobId).map((p) => [p.done, p.state])).toEqual([[0, 'running'], [1, 'running'], [2, 'running'], [2, 'done']]);
    expect(await app.call('jobs.get', { jobId })).toMatchObject({ jobId, kind: 'history.resend', state: 'done', done: 2, total: 2, failed: 0 });

    await app.call('history.pollNow', {});
    const after = await app.call('history.reconcile', {});
    // The original deliveries stay lost (they went elsewhere); their events arrived by resend.
    expect(after.counts).toMatchObject({ received: 5, lost: 2 });
    expect(after.windows.at(-1)!.eventIds).toEqual([]);
  });

  it('counts pending events, resends one, and resends all pending', async () => {
    await setWebhook('http://127.0.0.1:9/unreachable');
    await app.call('sandbox.sendEvent', { event: event('down-1') });
    await app.call('sandbox.sendEvent', { event: event('down-2') });
    await app.call('history.pollNow', {});
    const pending = await app.call('history.events', { pendingOnly: true });
    expect(pending.pendingEvents).toBe(2);
    expect(pending.events.every((e) => !e.delivered)).toBe(true);

    const still = await app.call('history.resend', { id: pending.events[0]!.eventId });
    expect(still.kind).toBe('refused');
    expect(still.message).toMatch(/still not delivered: the receiver failed, timed out or could not be reached \(500\)/);

    await setWebhook(listenerUrl);
    const one = await app.call('history.resend', { id: pending.events[0]!.eventId });
    expect(one.kind).toBe('delivered');
    expect((await app.call('history.summary', {})).pendingEvents).toBe(1);

    const all = await app.call('history.resendPending', {});
    expect(all).toMatchObject({ total: 1, delivered: 1 });
    expect((await app.call('history.summary', {})).pendingEvents).toBe(0);
    await expect(app.call('history.resendPending', {})).rejects.toThrow(/no event is pending/);
  });

  it('maps service errors to clear call errors', async () => {
    await expect(app.call('history.get', { id: 987_654 })).rejects.toMatchObject({
      code: 'not-found',
      message: 'delivery 987654 does not exist or belongs to another store',
    });
    await expect(app.call('history.query', { page: 0 })).rejects.toMatchObject({ code: 'invalid-args', message: 'page must be 1 or more' });
    const q = await app.call('history.query', { filters: 'delivered==true', sorts: 'id', pageSize: 2 });
    expect(q.deliveries).toHaveLength(2);
    expect(q.warning).toMatch(/without an id> bound/);
    const r = await app.call('history.resend', { id: 987_654 });
    expect(r).toMatchObject({ kind: 'not-found', delivery: null });
    expect(await app.call('history.testConnection', {})).toMatchObject({ ok: true });
  });

  it('switches to a live environment and back, polling each on its own cursor', async () => {
    // Bring the sandbox copy up to date first: a cycle the listener nudged during the earlier
    // tests may still be under way, and a summary read now would count only part of what the
    // service holds (the staging copy below takes all of it). pollNow's cycle starts after the
    // call; every send and resend before it has finished, so the service holds no more after it.
    expect((await app.call('history.pollNow', {})).error).toBeNull();
    const { cursor: sandboxCursor, deliveries: sandboxDeliveries } = await app.call('history.summary', {});
    expect(sandboxDeliveries).toBe((await app.call('history.query', { pageSize: 1 })).totalCount);
    const info = await app.call('sandbox.revealCredentials', {});
    const sandboxInfo = await app.call('sandbox.info', {});
    await app.call('secrets.set', { name: 'env:staging:clientSecret', value: info.clientSecret });
    await app.call('settings.update', {
      environments: {
        active: 'staging',
        live: [{ id: 'staging', name: 'Staging', baseUrl: sandboxInfo.baseUrl!, apiV3Url: sandboxInfo.apiV3Url!, clientId: info.clientId }],
      },
    });
    const s = await app.call('history.summary', {});
    expect(s).toMatchObject({ environmentId: 'staging', isSandbox: false, available: true });
    const polled = await app.call('history.pollNow', {});
    expect(polled.error).toBeNull();
    // Same store behind both environments: the staging copy starts from its own (empty) cursor
    // and takes everything the sandbox copy holds.
    const staging = await app.call('history.summary', {});
    expect(staging.deliveries).toBe(sandboxDeliveries);
    expect(staging.cursor).toBe(sandboxCursor);
    await app.call('sandbox.useSandbox', {});
    expect((await app.call('history.summary', {})).cursor).toBe(sandboxCursor);
  });

  it('classifies deliveries whose local handler failed, and deliveries the service could not log', async () => {
    const failing = await startReceiver(500);
    const forwarded = new Promise<void>((resolve) => {
      const stop = app.core.ctx.runtime.bus.subscribe((e) => {
        if (e === 'live.forwarded') {
          stop();
          resolve();
        }
      });
    });
    await app.call('settings.update', { listener: { forwardTargets: [failing.url] } });
    await app.call('sandbox.sendEvent', { event: event('handler-fails') });
    await forwarded;
    await app.call('settings.update', { listener: { forwardTargets: [] } });

    await app.call('sandbox.setChaos', { unloggedRate: 1 });
    await app.call('sandbox.sendEvent', { event: event('unlogged') });
    await app.call('sandbox.setChaos', { reset: true });

    await app.call('history.pollNow', {});
    const r = await app.call('history.reconcile', {});
    expect(r.counts['handler-failed']).toBe(1);
    expect(r.counts.unlogged).toBe(1);
    const [failed] = (await app.call('history.reconcile', { category: 'handler-failed', refresh: false })).items;
    expect(failed).toMatchObject({ matchedBy: 'event-id' });
    const [unlogged] = (await app.call('history.reconcile', { category: 'unlogged', refresh: false })).items;
    expect(unlogged).toMatchObject({ historyId: null, eventId: null });
    await failing.close();
  });

  it('leaves out of the reconciliation what a key of another environment verified', async () => {
    await app.call('settings.update', {
      environments: { live: [{ id: 'other', name: 'Other store', baseUrl: 'http://127.0.0.1:9', apiV3Url: 'http://127.0.0.1:9', clientId: 'x' }] },
    });
    await app.call('live.addKey', { label: 'other store', value: 'other-key', environmentId: 'other' });
    await expect(app.call('live.addKey', { value: 'k', environmentId: 'nowhere' })).rejects.toMatchObject({ code: 'not-found' });
    const post = async (body: string, headers: Record<string, string>) => {
      const res = await fetch(listenerUrl, { method: 'POST', body, headers: { 'content-type': 'application/json', ...headers } });
      expect(res.status).toBe(200);
    };
    const fromOther = JSON.stringify(event('from-other-store'));
    await post(fromOther, { 'X-Svc-Hmac-Sha256': signBody(nodeHmac, 'other-key', fromOther), 'X-Svc-Event-Id': '990001' });
    await post(JSON.stringify(event('unsigned')), {});
    const received = (await app.call('live.list', { limit: 2 })).rows;
    const [unsignedId, otherId] = received.map((r) => r.id);
    expect(received[1]).toMatchObject({ signature: 'valid', orderId: 'from-other-store' });

    // Received here, absent from history: 'unlogged' without an event id, 'not-in-history' with one.
    const items = async () => {
      const r = await app.call('history.reconcile', { limit: 1000 });
      return r.items.filter((i) => i.category === 'unlogged' || i.category === 'not-in-history').map((i) => i.receivedId);
    };
    // The sandbox is active: the other store's delivery is not "received here but absent from history".
    expect(await items()).toContain(unsignedId);
    expect(await items()).not.toContain(otherId);
    // …and the view says why, naming the key and its environment.
    const { leftOut } = await app.call('history.reconcile', { refresh: false });
    expect(leftOut).toEqual([
      expect.objectContaining({ deliveries: 1, message: expect.stringContaining('verified by the key “other store” (Other store) is not counted for Sandbox') }),
    ]);
    // Once the key belongs to no known environment, the delivery counts again.
    const otherKey = (await app.call('settings.get', {})).settings.listener.keys.find((k) => k.label === 'other store')!;
    await app.call('live.setKeyEnvironment', { id: otherKey.id, environmentId: null });
    expect(await items()).toContain(otherId);
    await app.call('live.removeKey', { id: otherKey.id });
  });

  it('polls by itself soon after the listener receives a delivery, without waiting out the interval', async () => {
    await app.call('settings.update', { poller: { intervalMs: 3_600_000 } });
    await app.call('history.pollNow', {});
    const before = (await app.call('history.summary', {})).deliveries;
    const updated = new Promise<void>((resolve) => {
      const stop = app.core.ctx.runtime.bus.subscribe((e, payload) => {
        if (e === 'history.updated' && (payload as { inserted: number }).inserted > 0) {
          stop();
          resolve();
        }
      });
    });
    // An hour-long interval and no pollNow: only the listener's nudge can bring this poll.
    await app.call('sandbox.sendEvent', { event: event('nudged') });
    await updated;
    expect((await app.call('history.summary', {})).deliveries).toBe(before + 1);
    await app.call('settings.update', { poller: { intervalMs: 5_000 } });
  });
});
