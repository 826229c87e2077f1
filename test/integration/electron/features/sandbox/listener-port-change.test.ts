import { afterEach, describe, expect, it } from 'vitest';
import { createServer, type Server } from 'node:net';
import { startTestApp, type TestApp } from '../../../../support/app-harness';
import { waitForStatus } from '../live/live-helpers';

describe('the sandbox store and a listener port change', () => {
  let app: TestApp | null = null;
  let blocker: Server | null = null;
  afterEach(async () => {
    await app?.close();
    app = null;
    await new Promise<void>((resolve) => (blocker ? blocker.close(() => resolve()) : resolve()));
    blocker = null;
  });

  it('keeps delivering to the listener when the new port is in use (the webhook URL never moves to a dead port)', async () => {
    app = await startTestApp({ settings: { listener: { port: 0 } } });
    const oldPort = app.core.ctx.runtime.status.get().listener.port!;
    const before = await app.call('sandbox.info', {});
    expect(before.webhookUrl).toBe(`http://127.0.0.1:${oldPort}/webhooks`);

    blocker = createServer();
    const busyPort = await new Promise<number>((resolve) => blocker!.listen(0, '127.0.0.1', () => resolve((blocker!.address() as { port: number }).port)));
    await app.call('settings.update', { listener: { port: busyPort } });
    await waitForStatus(app, (s) => s.listener.portError !== null);
    expect((await app.call('sandbox.info', {})).webhookUrl).toBe(`http://127.0.0.1:${oldPort}/webhooks`);

    // The store's webhooks still arrive, verified.
    const event = { orderId: 'port-1', orderType: 'FULL', description: 'x', level: 'Info' as const, type: 'Created' };
    const sent = await app.call('sandbox.sendEvent', { event });
    expect(sent.deliveries[0]).toMatchObject({ delivered: true, url: `http://127.0.0.1:${oldPort}/webhooks` });
    const { rows } = await app.call('live.list', {});
    expect(rows[0]).toMatchObject({ orderId: 'port-1', signature: 'valid' });
  });
});
