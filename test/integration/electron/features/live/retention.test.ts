import { afterEach, describe, expect, it } from 'vitest';
import { signBody } from '../../../../../shared/signing';
import { nodeHmac } from '../../../../../electron/services/platform/node-hmac';
import { eventBody, post, startLiveApp, waitForStatus, type LiveApp } from './live-helpers';

let app: LiveApp | null = null;
afterEach(async () => {
  await app?.close();
  app = null;
});

const send = async (target: LiveApp, body: string) => {
  const res = await post(`${target.listenerUrl}/`, body, { 'X-Svc-Hmac-Sha256': signBody(nodeHmac, 'test-key', body) });
  expect(res.status).toBe(200);
};

describe('retention of received deliveries', () => {
  it('keeps at most the configured count, removing the oldest first, and says so in the status', async () => {
    app = await startLiveApp({ listener: { retainDeliveries: 5 } });
    const removals: Array<number | null> = [];
    app.core.ctx.runtime.bus.subscribe((event, payload) => {
      if (event === 'live.removed') removals.push((payload as { keptFromId: number | null }).keptFromId);
    });
    for (let i = 1; i <= 8; i++) await send(app, eventBody({ orderId: `o-${i}` }));
    const { rows, total } = await app.call('live.list', {});
    expect(total).toBe(5);
    expect(rows.map((r) => r.orderId)).toEqual(['o-8', 'o-7', 'o-6', 'o-5', 'o-4']);
    // The UI is told which rows to drop: everything below the oldest kept.
    expect(removals.at(-1)).toBe(rows.at(-1)!.id);
    const status = await waitForStatus(app, (s) => s.listener.stored === 5);
    expect(status.listener).toMatchObject({ stored: 5, retainDeliveries: 5, removedByRetention: 3, received: 8 });
    // The totals the caps are enforced with match the table.
    const sums = app.core.ctx.data.db
      .prepare('SELECT COUNT(*) AS n, SUM(length(body) + length(headers_json)) AS bytes FROM received_deliveries')
      .get() as { n: number; bytes: number };
    expect(status.listener.storedBytes).toBe(sums.bytes);
  });

  it('keeps at most the configured bytes, and a lowered cap applies at once', async () => {
    app = await startLiveApp({ listener: { retainBytes: 64 * 1024 } });
    const pad = 'p'.repeat(20_000);
    for (let i = 1; i <= 5; i++) await send(app, eventBody({ orderId: `o-${i}`, pad }));
    let status = await waitForStatus(app, (s) => s.listener.removedByRetention > 0);
    expect(status.listener.storedBytes).toBeLessThanOrEqual(64 * 1024);
    expect((await app.call('live.list', {})).rows.map((r) => r.orderId)).toEqual(['o-5', 'o-4', 'o-3']);

    await app.call('settings.update', { listener: { retainDeliveries: 1 } });
    status = await waitForStatus(app, (s) => s.listener.stored === 1);
    expect((await app.call('live.list', {})).rows.map((r) => r.orderId)).toEqual(['o-5']);
  });

  it('never removes the delivery it just answered 2xx, even when that one alone is over the byte cap', async () => {
    app = await startLiveApp({ listener: { retainBytes: 64 * 1024 } });
    await send(app, eventBody({ orderId: 'small' }));
    await send(app, eventBody({ orderId: 'huge', pad: 'h'.repeat(100_000) }));
    expect((await app.call('live.list', {})).rows.map((r) => r.orderId)).toEqual(['huge']);
  });
});
