import { afterEach, describe, expect, it } from 'vitest';
import { post, startLiveApp, type LiveApp } from './live-helpers';

let app: LiveApp | null = null;
afterEach(async () => {
  await app?.close();
  app = null;
});

const event = (orderId: string, metadata: object | null) =>
  JSON.stringify({ orderId, orderReference: null, orderType: 'FULL', description: 'd', level: 'Info', type: 'SuccessPayment', metadata });

describe('live.search (full-text over what the listener received)', () => {
  it('finds deliveries by a value in their body or headers, newest first, and forgets them on clear', async () => {
    app = await startLiveApp({}, null);
    await post(`${app.listenerUrl}/hooks`, event('o1', { BuyerEmail: 'ana.silva@example.com', coupon: 'SPRING-7731' }), { 'Content-Type': 'application/json' });
    await post(`${app.listenerUrl}/hooks`, event('o2', null), { 'Content-Type': 'application/json', 'X-Request-Trace': 'trace-5f1e' });
    await post(`${app.listenerUrl}/hooks`, event('o3', { coupon: 'SPRING-7731' }), { 'Content-Type': 'application/json' });
    const { rows } = await app.call('live.list', {});
    const idOf = (orderId: string) => rows.find((r) => r.orderId === orderId)!.id;

    expect(await app.call('live.search', { query: 'ana.silva@example.com' })).toEqual({ ids: [idOf('o1')], more: false, indexing: 0 });
    expect((await app.call('live.search', { query: 'spring-7731' })).ids).toEqual([idOf('o3'), idOf('o1')]);
    expect((await app.call('live.search', { query: 'trace-5f1e' })).ids).toEqual([idOf('o2')]);
    expect(await app.call('live.search', { query: 'spring', limit: 1 })).toEqual({ ids: [idOf('o3')], more: true, indexing: 0 });
    await expect(app.call('live.search', { query: 'x', limit: 0 })).rejects.toMatchObject({ code: 'invalid-args' });

    await app.call('live.clear', {});
    expect((await app.call('live.search', { query: 'spring' })).ids).toEqual([]);
  });

  it('indexes new deliveries in the background, without waiting for a search', async () => {
    app = await startLiveApp({}, null);
    await post(`${app.listenerUrl}/hooks`, event('o1', { coupon: 'AUTUMN-1' }), { 'Content-Type': 'application/json' });
    const waiting = () =>
      Number((app!.core.ctx.data.db.prepare('SELECT COUNT(*) AS n FROM received_deliveries WHERE id > (SELECT indexed_through FROM search.search_state)').get() as { n: number }).n);
    await expect.poll(waiting, { timeout: 5000 }).toBe(0);
    const indexed = app.core.ctx.data.db.prepare("SELECT rowid FROM search.received_search WHERE received_search MATCH '\"autumn 1\"'").all();
    expect(indexed).toHaveLength(1);
  });
});
