import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { event, startSandboxApp, type SandboxApp } from './sandbox-app';
import { createSequencesFeature } from '../../../../../electron/features/sequences/feature';

/**
 * A delivery the user resends arrives late on purpose: it is not out of order, and each logged
 * delivery (original or resend) pairs with its own arrival. Against the embedded sandbox
 * delivering to the real listener.
 */
describe('Resends and their arrivals', () => {
  let sandbox: SandboxApp;

  beforeAll(async () => {
    sandbox = await startSandboxApp((ctx) => [createSequencesFeature(ctx)]);
  });
  afterAll(async () => {
    await sandbox.close();
  });

  const arrivalsOf = async (eventId: number) => (await sandbox.app.call('live.list', { limit: 1000 })).rows.filter((r) => r.eventId === eventId);

  /** An order whose Created went elsewhere while its later Updated reached the listener; returns Created's event id. */
  async function createdMissedThenUpdated(orderId: string): Promise<number> {
    const { app } = sandbox;
    await sandbox.setWebhook(sandbox.elsewhere.url);
    await app.call('sandbox.sendEvent', { event: event(orderId, 'Created') });
    await sandbox.setWebhook(sandbox.listenerUrl);
    await app.call('sandbox.sendEvent', { event: event(orderId, 'Updated') });
    await app.call('history.pollNow', {});
    const events = (await app.call('history.events', { pendingOnly: false, offset: 0, limit: 100 })).events;
    const created = events.find((e) => e.orderId === orderId && e.eventType === 'Created')!;
    expect(await arrivalsOf(created.eventId)).toEqual([]);
    return created.eventId;
  }

  it('does not flag a resent event out of order, and pairs each resend with its own arrival', async () => {
    const { app } = sandbox;
    const createdId = await createdMissedThenUpdated('late-1');

    const first = await app.call('history.resend', { id: createdId });
    expect(first.kind).toBe('delivered');
    const [arrival] = await arrivalsOf(createdId);
    expect(arrival).toMatchObject({ eventType: 'Created', orderId: 'late-1', outOfOrder: false });

    const second = await app.call('history.resend', { id: first.delivery!.id });
    expect(second.kind).toBe('delivered');
    await app.call('history.pollNow', {});
    const { arrivals } = await app.call('history.arrivals', { eventId: createdId });
    expect(arrivals).toHaveLength(2);
    // The original went elsewhere: no arrival is its own; each resend has the one that followed it.
    expect(arrivals.map((a) => a.deliveryId)).toEqual([first.delivery!.id, second.delivery!.id]);

    // Sequences reads the same history: the order's Created came late by resend, not out of order.
    const order = await app.call('sequences.get', { orderId: 'late-1' });
    expect(order.events.map((e) => e.type)).toEqual(['Created', 'Updated']);
    expect(order.flags.map((f) => f.kind)).not.toContain('out-of-order');
  });

  it('still flags an event that arrives late without being asked for', async () => {
    const { app } = sandbox;
    const createdId = await createdMissedThenUpdated('late-2');
    // The same late arrival, not asked for through Hooklab: posted to the listener directly,
    // signed with the store's key (an unsigned copy would be kept apart as unverified).
    const original = await app.call('history.get', { id: createdId });
    const { webhookKey } = await app.call('sandbox.revealCredentials', {});
    const signature = createHmac('sha256', webhookKey).update(original.payload).digest('base64');
    const res = await fetch(sandbox.listenerUrl, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-svc-hmac-sha256': signature,
        'x-svc-event-id': String(createdId),
        'x-svc-event-created': original.eventCreated,
      },
      body: original.payload,
    });
    expect(res.status).toBe(200);
    const [arrival] = await arrivalsOf(createdId);
    expect(arrival).toMatchObject({ eventType: 'Created', outOfOrder: true });
    expect((await app.call('sequences.get', { orderId: 'late-2' })).flags.map((f) => f.kind)).toContain('out-of-order');
  });
});
