import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../../support/app-harness';
import { createLiveFeature } from '../../../../../electron/features/live/feature';
import { createSandboxFeature } from '../../../../../electron/features/sandbox/feature';
import { createHistoryFeature } from '../../../../../electron/features/history/feature';
import { event } from './sandbox-app';
import { startReceiver } from './receiver';

/**
 * The sandbox plays the portal with two webhook URLs, one of them dead: History says where the
 * service sent what, reconciliation says why the dead URL's deliveries never arrived, and a
 * resend of exactly those after the URL is fixed reaches the listener.
 */
describe('where the service really sent its deliveries', () => {
  let app: TestApp;
  let listenerUrl: string;
  const dead = 'http://127.0.0.1:9/gone';

  beforeAll(async () => {
    app = await startTestApp({
      features: (ctx) => [createLiveFeature(ctx), createSandboxFeature(ctx, { retryDelayMs: 1 }), createHistoryFeature(ctx)],
      // Ports of its own: never the defaults, where the user's Hooklab may be running.
      settings: { listener: { port: 0 }, sandbox: { port: 0 } },
    });
    listenerUrl = (await app.call('sandbox.info', {})).webhookUrl!;
  });
  afterAll(async () => {
    await app.close();
  });

  it('lists both URLs with their counts, gives the dead one\'s deliveries the cause other-url, and resends exactly those', async () => {
    const set = await app.call('sandbox.setWebhookUrl', { url: ` ${listenerUrl} ; ${dead}` });
    expect(set.urls).toEqual([listenerUrl, dead]);
    await app.call('sandbox.sendEvent', { event: event('split-1') });
    await app.call('sandbox.sendEvent', { event: event('split-2') });
    await app.call('history.pollNow', {});

    const urls = await app.call('history.deliveryUrls', {});
    expect(urls.publicUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
    const byUrl = new Map(urls.urls.map((u) => [u.url, u]));
    expect(byUrl.get(listenerUrl)).toMatchObject({ deliveries: 2, delivered: 2, failed: 0, lastStatus: 200, current: true });
    expect(byUrl.get(dead)).toMatchObject({ deliveries: 2, delivered: 0, failed: 2, lastStatus: 500, current: false });

    const reconciliation = await app.call('history.reconcile', { refresh: true });
    expect(reconciliation.counts).toMatchObject({ received: 2, lost: 2 });
    const lost = reconciliation.items.filter((i) => i.category === 'lost');
    expect(lost.map((i) => i.cause)).toEqual(['other-url', 'other-url']);
    // Each URL got its own event id for the same event (interface 6.1).
    const elsewhereEvents = lost.map((i) => i.eventId!);
    expect(new Set(elsewhereEvents).size).toBe(2);

    // The portal fixed: the resend goes to the configured URL, the listener (interface 4.9).
    await app.call('sandbox.setWebhookUrl', { url: listenerUrl });
    const before = (await app.call('live.list', {})).total;
    const summary = await app.call('history.resendMany', { ids: elsewhereEvents, concurrency: 2 });
    expect(summary).toMatchObject({ total: 2, delivered: 2, failed: 0 });
    const after = await app.call('live.list', {});
    expect(after.total).toBe(before + 2);
    expect(after.rows.slice(0, 2).map((r) => r.eventId).sort()).toEqual([...elsewhereEvents].sort());
  });

  it('counts a delivery your handler refused through pass-through as "received here, refused by your handler", not as received', async () => {
    const refusing = await startReceiver(502);
    try {
      await app.call('sandbox.setWebhookUrl', { url: listenerUrl });
      await app.call('settings.update', { listener: { forwardTargets: [refusing.url], passThrough: true } });
      await app.call('sandbox.sendEvent', { event: event('refused-1') });
      await app.call('settings.update', { listener: { forwardTargets: [], passThrough: false } });
      await app.call('history.pollNow', {});
      const r = await app.call('history.reconcile', { refresh: true });
      expect(r.counts['refused-by-handler']).toBe(1);
      const [refused] = (await app.call('history.reconcile', { category: 'refused-by-handler', refresh: false })).items;
      expect(refused).toMatchObject({ matchedBy: 'event-id', cause: null });
      expect(refused!.receivedId).not.toBeNull();
    } finally {
      await refusing.close();
    }
  });
});
