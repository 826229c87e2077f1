import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NavigateTarget, Notice } from '../../../../../shared/contract';
import { createLiveFeature } from '../../../../../electron/features/live/feature';
import { createNotificationsFeature } from '../../../../../electron/features/notifications/feature';
import { startTestApp, type TestApp } from '../../../../support/app-harness';
import { startReceiver, type Receiver } from '../history/receiver';
import { eventBody, post } from '../live/live-helpers';

/**
 * Notifications through the host-capability seam: the core decides, the host shows. A
 * handler that fails is said once per failing streak, not once per delivery; a click opens
 * the delivery (app.navigate).
 */
describe('notifications', () => {
  let app: TestApp;
  let handler: Receiver;
  let listenerUrl: string;
  const shown: Notice[] = [];
  const clicks: Array<() => void> = [];
  const navigated: NavigateTarget[] = [];
  let now = Date.parse('2026-03-01T10:00:00Z');

  beforeAll(async () => {
    handler = await startReceiver(200);
    app = await startTestApp({
      features: (ctx) => [createLiveFeature(ctx), createNotificationsFeature(ctx)],
      settings: { listener: { port: 0, forwardTargets: [handler.url] } },
      // The throttle's minute is the core's clock: the test moves it on.
      clock: { now: () => now },
      capabilities: {
        notify: (notice, open) => {
          shown.push(notice);
          clicks.push(open);
        },
      },
    });
    listenerUrl = `http://127.0.0.1:${app.core.ctx.runtime.status.get().listener.port}/webhooks`;
    app.core.ctx.runtime.bus.on('app.navigate', (t) => navigated.push(t));
  });
  afterAll(async () => {
    await app?.close();
    await handler?.close();
  });

  /** Posts one delivery and resolves once its forward result was announced. */
  const deliver = async (orderId: string) => {
    const forwarded = new Promise<number>((resolve) => {
      const off = app.core.ctx.runtime.bus.on('live.forwarded', ({ id }) => {
        off();
        resolve(id);
      });
    });
    const answer = await post(listenerUrl, eventBody({ orderId }), {
      'Content-Type': 'application/json',
    });
    expect(answer.status).toBeLessThan(600);
    return forwarded;
  };

  it('says a failing handler once per streak, and once more after it recovered and failed again', async () => {
    await deliver('ok-1');
    handler.answer(500);
    const firstFailure = await deliver('fail-1');
    await deliver('fail-2');
    await deliver('fail-3');
    now += 120_000;
    await deliver('fail-4');
    expect(shown.map((n) => n.kind)).toEqual(['handler-failing']);
    expect(shown[0]).toMatchObject({
      kind: 'handler-failing',
      heldBack: 0,
      target: { area: 'live', deliveryId: firstFailure },
    });

    handler.answer(200);
    await deliver('ok-2');
    handler.answer(503);
    now += 120_000;
    const again = await deliver('fail-5');
    const failing = shown.filter((n) => n.kind === 'handler-failing');
    expect(failing).toHaveLength(2);
    expect(failing[1]!.target).toEqual({ area: 'live', deliveryId: again });
  });

  it('a click on a notification asks the window to open its target', () => {
    clicks[0]!();
    expect(navigated).toEqual([shown[0]!.target]);
  });

  it('says nothing of a kind switched off in Settings → Notifications', async () => {
    await app.call('settings.update', { notifications: { handlerFailing: false } });
    handler.answer(200);
    await deliver('ok-3');
    handler.answer(500);
    now += 120_000;
    await deliver('fail-6');
    expect(shown.filter((n) => n.kind === 'handler-failing')).toHaveLength(2);
  });

  it('says a public URL the probe cannot reach, once, as the tunnel being down', async () => {
    const before = shown.filter((n) => n.kind === 'tunnel-down').length;
    const probe = {
      reachable: false,
      checkedAt: new Date(now).toISOString(),
      latencyMs: null,
      error: 'the tunnel server answered 503',
      unreachableSince: new Date(now).toISOString(),
      reach: 'public' as const,
      answeredByAnother: 0,
    };
    now += 120_000;
    // The status is announced once per tick: each update is its own app.status here.
    const announced = () =>
      new Promise<void>((resolve) => {
        const off = app.core.ctx.runtime.bus.on('app.status', () => {
          off();
          resolve();
        });
      });
    let next = announced();
    app.core.ctx.runtime.status.update('tunnel', {
      state: 'open',
      publicUrl: 'https://hooklab-x.loca.lt',
      probe,
    });
    await next;
    next = announced();
    app.core.ctx.runtime.status.update('tunnel', {
      state: 'open',
      publicUrl: 'https://hooklab-x.loca.lt',
      probe: { ...probe, checkedAt: new Date(now + 1).toISOString() },
    });
    await next;
    const down = shown.filter((n) => n.kind === 'tunnel-down');
    expect(down).toHaveLength(before + 1);
    expect(down.at(-1)!.body).toContain('the tunnel server answered 503');
  });
});
