import { afterEach, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../../../electron/emulator';
import { call, rawGet, sampleEvent, sandboxWithReceiver, tokenFor, type Receiver } from './helpers';

// docs/service.md#delivery-history-api and #delivery-history-errors: list, filters, sorts, paging, errors, get one, store isolation, cursor polling.
describe('sandbox delivery history (4.7, 4.8, 7.4)', () => {
  let sb: RunningSandbox;
  let receiver: Receiver;
  let token: string;
  let storeId: string;
  const list = (query = '') => call('GET', `${sb.apiV3Url}/WebhookEvents${query}`, { bearer: token });

  async function setup(events: string[], respond?: Receiver['respond']) {
    const env = await sandboxWithReceiver({}, respond);
    ({ sb, receiver, token } = env);
    storeId = env.store.storeId;
    for (const [i, type] of events.entries()) await sb.dispatchEvent(storeId, sampleEvent(type, String(i)));
  }
  afterEach(async () => {
    await sb?.close();
    await receiver?.close();
  });

  it('lists newest first with totalCount, default page size 50', async () => {
    await setup(Array.from({ length: 55 }, () => 'Created'));
    const r = await list();
    expect(r.status).toBe(200);
    expect(r.body.totalCount).toBe(55);
    expect(r.body.webhookEvents).toHaveLength(50);
    const ids = r.body.webhookEvents.map((d: { id: number }) => d.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(Object.keys(r.body.webhookEvents[0]).sort()).toEqual(
      ['created', 'delivered', 'eventCreated', 'eventId', 'eventType', 'id', 'payload', 'responseStatusCode', 'url'].sort(),
    );
    const p2 = await list('?page=2');
    expect(p2.body.webhookEvents).toHaveLength(5);
    expect(p2.body.totalCount).toBe(55);
    expect((await list('?page=3')).body.webhookEvents).toEqual([]);
  });

  it('caps pageSize at 100 and rejects page < 1 and pageSize <= 0 with 400', async () => {
    await setup([]);
    sb.seedDeliveries(storeId, 150);
    expect((await list('?pageSize=1000')).body.webhookEvents).toHaveLength(100);
    expect((await list('?pageSize=7')).body.webhookEvents).toHaveLength(7);
    for (const q of ['?page=0', '?page=-1', '?pageSize=0', '?pageSize=-5', '?page=abc', '?pageSize=x']) {
      const r = await list(q);
      expect(r.status, q).toBe(400);
      expect(r.body.status).toBe(400);
    }
  });

  it('filters on the filterable fields with the Sieve grammar', async () => {
    await setup(['Created', 'SuccessPayment', 'Cancelled', 'Created'], (_r, i) => (i === 1 ? 404 : 200));
    const all = (await list('?sorts=id')).body.webhookEvents;
    const [a, b, c, d] = all.map((x: { id: number }) => x.id);
    const q = (f: string, extra = '&sorts=id') => list(`?filters=${encodeURIComponent(f)}${extra}`);
    const idsOf = (r: { body: { webhookEvents: { id: number }[] } }) => r.body.webhookEvents.map((x) => x.id);
    expect(idsOf(await q(`id>${b}`))).toEqual([c, d]);
    expect(idsOf(await q(`id>=${b},id<${d}`))).toEqual([b, c]);
    expect(idsOf(await q('eventType==Created'))).toEqual([a, d]);
    expect(idsOf(await q('eventType==Created|Cancelled'))).toEqual([a, c, d]);
    expect(idsOf(await q('eventType@=Pay'))).toEqual([b]);
    expect(idsOf(await q('eventType_=C'))).toEqual([a, c, d]);
    expect(idsOf(await q('eventType!@=Creat'))).toEqual([b, c]);
    expect(idsOf(await q('eventType==*cancelled'))).toEqual([c]);
    expect(idsOf(await q('delivered==false'))).toEqual([b]);
    expect(idsOf(await q('responseStatusCode==404'))).toEqual([b]);
    expect(idsOf(await q('responseStatusCode!=404,eventType!=Created'))).toEqual([c]);
    expect(idsOf(await q('created>=2000-01-01T00:00:00Z'))).toEqual([a, b, c, d]);
    const counted = await q(`id>${a}`, '&sorts=id&pageSize=1');
    expect(counted.body.totalCount).toBe(3);
    for (const bad of ['eventId==1', 'eventCreated>2020-01-01', 'url@=x', 'payload@=x', 'id==x', 'id']) {
      const r = await q(bad);
      expect(r.status, bad).toBe(400);
    }
  });

  it('sorts replace the default order; - sorts descending; unknown sort fields are 400', async () => {
    await setup(['Created', 'SuccessPayment', 'Cancelled']);
    const asc = (await list('?sorts=id')).body.webhookEvents.map((x: { id: number }) => x.id);
    expect(asc).toEqual([...asc].sort((x, y) => x - y));
    const desc = (await list('?sorts=-id')).body.webhookEvents.map((x: { id: number }) => x.id);
    expect(desc).toEqual([...asc].reverse());
    const byType = (await list('?sorts=eventType,-id')).body.webhookEvents.map((x: { eventType: string }) => x.eventType);
    expect(byType).toEqual(['Cancelled', 'Created', 'SuccessPayment']);
    expect((await list('?sorts=eventId')).status).toBe(400);
    expect((await list('?sorts=-eventCreated')).status).toBe(400);
  });

  it("answers 404 to a raw '<' or '>' in the query string, 200 once encoded", async () => {
    await setup(['Created']);
    expect((await rawGet(sb.baseUrl, '/api/v3/WebhookEvents?filters=id>0&sorts=id', token)).status).toBe(404);
    expect((await rawGet(sb.baseUrl, '/api/v3/WebhookEvents?filters=id<9', token)).status).toBe(404);
    expect((await rawGet(sb.baseUrl, '/api/v3/WebhookEvents?filters=id%3E0&sorts=id', token)).status).toBe(200);
  });

  it('gets one delivery; 404 for unknown ids and for another store', async () => {
    await setup(['Created']);
    const [d] = (await list()).body.webhookEvents;
    const one = await call('GET', `${sb.apiV3Url}/WebhookEvents/${d.id}`, { bearer: token });
    expect(one.status).toBe(200);
    expect(one.body).toEqual(d);
    for (const id of ['999999', 'abc']) {
      const r = await call('GET', `${sb.apiV3Url}/WebhookEvents/${id}`, { bearer: token });
      expect(r.status).toBe(404);
      expect(r.body.status).toBe(404);
    }
    const other = sb.createStore({ webhookUrl: receiver.url });
    const otherToken = await tokenFor(sb, other);
    expect((await call('GET', `${sb.apiV3Url}/WebhookEvents/${d.id}`, { bearer: otherToken })).status).toBe(404);
    expect((await call('GET', `${sb.apiV3Url}/WebhookEvents`, { bearer: otherToken })).body.totalCount).toBe(0);
  });

  it('cursor polling (id>cursor, sorts=id) returns every delivery exactly once under concurrent arrivals', async () => {
    await setup([]);
    const total = 300;
    const producer = (async () => {
      for (let i = 0; i < total; i += 10)
        await Promise.all(Array.from({ length: 10 }, (_, k) => sb.dispatchEvent(storeId, sampleEvent('Created', String(i + k)))));
    })();
    let producing = true;
    void producer.then(() => (producing = false));
    const seen: number[] = [];
    let cursor = 0;
    for (;;) {
      const r = await list(`?filters=${encodeURIComponent(`id>${cursor}`)}&sorts=id&pageSize=100`);
      expect(r.status).toBe(200);
      const page = r.body.webhookEvents as { id: number }[];
      for (const d of page) seen.push(d.id);
      if (page.length > 0) cursor = page[page.length - 1]!.id;
      if (page.length === 0 && !producing) break;
    }
    await producer;
    expect(seen).toHaveLength(total);
    expect(new Set(seen).size).toBe(total);
    expect(seen).toEqual([...seen].sort((x, y) => x - y));
  });
});
