import { afterEach, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../../support/app-harness';
import { startSandbox, type RunningSandbox } from '../../../../../electron/emulator';
import type { WebhookEvent } from '../../../../../shared/service';

const settings = { listener: { port: 0 } };

const event = (orderId: string, type: string, metadata: Record<string, unknown> | null = null): WebhookEvent => ({
  orderId,
  orderReference: null,
  orderType: 'FASTLINK_CHARGE',
  description: type,
  level: 'Info',
  type,
  metadata,
});

/**
 * The sandbox's chaos settings against the real listener: duplicates through the embedded
 * sandbox, reordering through a standalone sandbox whose random source is scripted so the
 * delays, and so the arrival order, are the same on every run.
 */
describe('sequences under sandbox chaos', () => {
  const cleanup: Array<() => Promise<void>> = [];
  afterEach(async () => {
    for (const step of cleanup.splice(0).reverse()) await step();
  });
  const start = async (): Promise<TestApp> => {
    const app = await startTestApp({ settings });
    cleanup.push(() => app.close());
    return app;
  };

  it('duplicates: every event of the order is flagged, collapsed, its copies counted as retries', async () => {
    const app = await start();
    await app.call('sandbox.setChaos', { duplicateRate: 1 });
    const result = await app.call('sandbox.runScenario', { name: 'order-cancelled' });
    await app.call('history.pollNow', {});
    const order = await app.call('sequences.get', { orderId: result.orderId! });
    expect(order.events.map((e) => [e.type, e.copies, e.duplicateSources])).toEqual([
      ['Created', 2, { retry: 1, resend: 0, secondUrl: 0 }],
      ['Cancelled', 2, { retry: 1, resend: 0, secondUrl: 0 }],
    ]);
    expect(order.flags.map((f) => f.kind)).toEqual(['duplicate', 'duplicate']);
    expect(order.summary.status).toBe('CANCELLED');
  });

  it('a resend is a duplicate from a resend', async () => {
    const app = await start();
    const result = await app.call('sandbox.runScenario', { name: 'order-deleted' });
    await app.call('history.pollNow', {});
    const created = result.deliveries.find((d) => d.eventType === 'Created')!;
    await app.call('history.resend', { id: created.id! });
    await app.call('history.pollNow', {});
    const order = await app.call('sequences.get', { orderId: result.orderId! });
    expect(order.events[0]).toMatchObject({ type: 'Created', copies: 2, duplicateSources: { retry: 0, resend: 1, secondUrl: 0 } });
    expect(order.flags).toEqual([expect.objectContaining({ kind: 'duplicate', message: expect.stringContaining('1 resend') })]);
  });

  it('a second URL of the store: the same event under two event ids', async () => {
    const app = await start();
    const webhookUrl = (await app.call('sandbox.info', {})).webhookUrl!;
    const sandbox = await startSandbox({ defaultStore: { webhookUrl: `${webhookUrl};${webhookUrl.replace('/webhooks', '/second')}` } });
    cleanup.push(() => sandbox.close());
    // Its deliveries verify (a delivery that does not is kept apart from the verified ones).
    await app.call('live.addKey', { label: 'standalone sandbox', value: sandbox.defaultStore.webhookKey });
    await sandbox.dispatchEvent(sandbox.defaultStore.storeId, event('two-urls-1', 'Created'));
    const order = await app.call('sequences.get', { orderId: 'two-urls-1' });
    expect(order.events).toHaveLength(1);
    expect(order.events[0]).toMatchObject({ copies: 2, duplicateSources: { retry: 0, resend: 0, secondUrl: 1 } });
    expect(order.events[0]!.eventIds).toHaveLength(2);
    expect(order.flags.map((f) => f.kind)).toEqual(['duplicate']);
  });

  it('reordering: an event held back arrives after a later one and is flagged out-of-order', async () => {
    const app = await start();
    const webhookUrl = (await app.call('sandbox.info', {})).webhookUrl!;
    // Random draws in order: first event (logged?, delay), second event (logged?, delay), then
    // the duplicate draws. The first waits 90% of the window, the second none.
    const draws = [0.5, 0.9, 0.5, 0];
    let tick = 0;
    const sandbox: RunningSandbox = await startSandbox({
      defaultStore: { webhookUrl },
      random: () => draws.shift() ?? 0.99,
      // Strictly increasing times, so the two events have distinct creation times.
      clock: { now: () => Date.now() + tick++ },
    });
    cleanup.push(() => sandbox.close());
    await app.call('live.addKey', { label: 'standalone sandbox', value: sandbox.defaultStore.webhookKey });
    sandbox.setChaos(sandbox.defaultStore.storeId, { reorderWindowMs: 1000 });
    const store = sandbox.defaultStore.storeId;
    await Promise.all([
      sandbox.dispatchEvent(store, event('reorder-1', 'Updated', { PreviousStatus: 'PENDING', NewStatus: 'ACCEPTED' })),
      sandbox.dispatchEvent(store, event('reorder-1', 'Updated', { PreviousStatus: 'ACCEPTED', NewStatus: 'READY' })),
    ]);
    const order = await app.call('sequences.get', { orderId: 'reorder-1' });
    expect(order.events.map((e) => [e.createdRank, e.arrivalRank])).toEqual([[1, 2], [2, 1]]);
    expect(order.flags).toEqual([
      { kind: 'out-of-order', eventKeys: [order.events[0]!.key, order.events[1]!.key], message: expect.stringContaining('arrived after Updated') },
    ]);
    // Shipping is judged in creation order: the reordering does not make the moves illegal.
    expect(order.summary.shipping).toBe('READY');
  });
});
