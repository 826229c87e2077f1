import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../../support/app-harness';
import { startReceiver, type Receiver } from './receiver';
import { createLiveFeature } from '../../../../../electron/features/live/feature';
import { createSandboxFeature } from '../../../../../electron/features/sandbox/feature';
import { createHistoryFeature } from '../../../../../electron/features/history/feature';

const event = (orderId: string, type: string) => ({
  orderId,
  orderReference: null,
  orderType: 'FULL',
  description: 'test',
  level: 'Info' as const,
  type,
  metadata: null,
});

/**
 * A delivery the user resends arrives late on purpose: it is not out of order, and each logged
 * delivery (original or resend) pairs with its own arrival. Against the embedded sandbox
 * delivering to the real listener.
 */
describe('Resends and their arrivals', () => {
  let app: TestApp;
  let elsewhere: Receiver;
  let listenerUrl: string;
  let storeId: string;
  let controlUrl: string;

  const setWebhook = async (url: string) => {
    const res = await fetch(`${controlUrl}/stores/${storeId}/webhook`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ url }),
    });
    expect(res.status).toBe(200);
  };
  const arrivalsOf = async (eventId: number) => (await app.call('live.list', { limit: 1000 })).rows.filter((r) => r.eventId === eventId);

  beforeAll(async () => {
    app = await startTestApp({
      features: (ctx) => [createLiveFeature(ctx), createSandboxFeature(ctx, { retryDelayMs: 1 }), createHistoryFeature(ctx)],
    });
    elsewhere = await startReceiver(200);
    const info = await app.call('sandbox.info', {});
    listenerUrl = info.webhookUrl!;
    storeId = info.storeId!;
    controlUrl = info.controlUrl!;
  });
  afterAll(async () => {
    await app.close();
    await elsewhere.close();
  });

  it('does not flag a resent event out of order, and pairs each resend with its own arrival', async () => {
    // Created goes elsewhere; the order's later Updated reaches the listener first.
    await setWebhook(elsewhere.url);
    await app.call('sandbox.sendEvent', { event: event('late-1', 'Created') });
    await setWebhook(listenerUrl);
    await app.call('sandbox.sendEvent', { event: event('late-1', 'Updated') });
    await app.call('history.pollNow', {});
    const events = (await app.call('history.events', { pendingOnly: false, offset: 0, limit: 100 })).events;
    const created = events.find((e) => e.orderId === 'late-1' && e.eventType === 'Created')!;
    expect(await arrivalsOf(created.eventId)).toEqual([]);

    const first = await app.call('history.resend', { id: created.eventId });
    expect(first.kind).toBe('delivered');
    const [arrival] = await arrivalsOf(created.eventId);
    expect(arrival).toMatchObject({ eventType: 'Created', orderId: 'late-1', outOfOrder: false });

    const second = await app.call('history.resend', { id: first.delivery!.id });
    expect(second.kind).toBe('delivered');
    await app.call('history.pollNow', {});
    const { arrivals } = await app.call('history.arrivals', { eventId: created.eventId });
    expect(arrivals).toHaveLength(2);
    // The original went elsewhere: no arrival is its own; each resend has the one that followed it.
    expect(arrivals.map((a) => a.deliveryId)).toEqual([first.delivery!.id, second.delivery!.id]);
    expect(arrivals.every((a) => a.deliveryId !== created.eventId)).toBe(true);
  });

  it('still flags an event that arrives late without being asked for', async () => {
    await setWebhook(elsewhere.url);
    await app.call('sandbox.sendEvent', { event: event('late-2', 'Created') });
    await setWebhook(listenerUrl);
    await app.call('sandbox.sendEvent', { event: event('late-2', 'Updated') });
    await app.call('history.pollNow', {});
    const events = (await app.call('history.events', { pendingOnly: false, offset: 0, limit: 100 })).events;
    const created = events.find((e) => e.orderId === 'late-2' && e.eventType === 'Created')!;
    // The same late arrival, not asked for through Hooklab: posted to the listener directly.
    const original = await app.call('history.get', { id: created.eventId });
    const res = await fetch(listenerUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-svc-event-id': String(created.eventId), 'x-svc-event-created': original.eventCreated },
      body: original.payload,
    });
    expect(res.status).toBe(200);
    const [arrival] = await arrivalsOf(created.eventId);
    expect(arrival).toMatchObject({ eventType: 'Created', outOfOrder: true });
  });
});
