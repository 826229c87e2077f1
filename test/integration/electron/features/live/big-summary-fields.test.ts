import { afterEach, describe, expect, it } from 'vitest';
import { createLiveFeature } from '../../../../../electron/features/live/feature';
import { createSequencesFeature } from '../../../../../electron/features/sequences/feature';
import { MemorySecretStore } from '../../../../../electron/services/secrets/secret-store';
import { SUMMARY_FIELD_MAX_CHARS } from '../../../../../shared/text/summary-field';
import { LISTING_MAX_BYTES } from '../../../../../shared/text/listing-budget';
import { startTestApp, type TestApp } from '../../../../support/app-harness';
import { eventBody, post } from './live-helpers';

let app: TestApp | null = null;
afterEach(async () => {
  await app?.close();
  app = null;
});

async function start(): Promise<{ app: TestApp; url: string }> {
  const started = await startTestApp({
    features: (ctx) => [createLiveFeature(ctx), createSequencesFeature(ctx)],
    secrets: new MemorySecretStore(),
    settings: { listener: { port: 0 } },
    requireAllHandlers: false,
  });
  return { app: started, url: `http://127.0.0.1:${started.core.ctx.runtime.status.get().listener.port}/` };
}

describe('big summary fields inside the body limit', () => {
  it('lists deliveries with 1 MB orderIds capped, in a small reply, and keeps the whole value in the body', async () => {
    const started = await start();
    app = started.app;
    const huge = (i: number) => `o-${i}-` + 'x'.repeat(1024 * 1024);
    for (let i = 0; i < 12; i++) {
      const res = await post(started.url, eventBody({ orderId: huge(i), orderReference: 'r'.repeat(300_000), type: 'T'.repeat(300_000) }));
      expect(res.status).toBe(200);
    }
    const list = await app.call('live.list', {});
    expect(list.rows).toHaveLength(12);
    expect(JSON.stringify(list).length).toBeLessThan(64 * 1024);
    const row = list.rows[0]!;
    expect(row.orderId!.length).toBeLessThanOrEqual(SUMMARY_FIELD_MAX_CHARS);
    expect(row.orderId!.startsWith('o-11-xxx')).toBe(true);
    expect(row.orderId!.endsWith('\u2026')).toBe(true);
    expect(row.orderReference!.length).toBeLessThanOrEqual(SUMMARY_FIELD_MAX_CHARS);
    expect(row.eventType!.length).toBeLessThanOrEqual(SUMMARY_FIELD_MAX_CHARS);
    // The detail still has every byte the sender sent.
    const detail = await app.call('live.get', { id: row.id });
    expect((JSON.parse(detail.bodyText!) as { orderId: string }).orderId).toBe(huge(11));

    const orders = await app.call('sequences.list', {});
    expect(JSON.stringify(orders).length).toBeLessThan(256 * 1024);
  });

  it('opens an order whose id is longer than the 200 characters the contract allows', async () => {
    const started = await start();
    app = started.app;
    const longId = 'ord-' + 'L'.repeat(496);
    for (const type of ['Created', 'Cancelled']) {
      expect((await post(started.url, eventBody({ orderId: longId, type }))).status).toBe(200);
    }
    const { orders } = await app.call('sequences.list', {});
    expect(orders).toHaveLength(1);
    const shownId = orders[0]!.orderId;
    expect(shownId.length).toBeLessThanOrEqual(200);
    const detail = await app.call('sequences.get', { orderId: shownId });
    expect(detail.events.map((e) => e.type)).toEqual(['Created', 'Cancelled']);
  });

  it('bounds a live.list page in bytes as well as rows, and pages on from where it stopped', async () => {
    const started = await start();
    app = started.app;
    const longPath = '/hooks/' + 'p'.repeat(12 * 1024);
    const sends = Array.from({ length: 400 }, (_, i) => post(`${started.url}${longPath.slice(1)}?n=${i}`, eventBody({ orderId: `o-${i}` })));
    expect((await Promise.all(sends)).every((r) => r.status === 200)).toBe(true);
    const first = await app.call('live.list', { limit: 1000 });
    expect(first.total).toBe(400);
    expect(first.rows.length).toBeLessThan(400);
    expect(JSON.stringify(first).length).toBeLessThanOrEqual(LISTING_MAX_BYTES);
    expect(first.nextBeforeId).toBe(first.rows.at(-1)!.id);
    const rest = await app.call('live.list', { limit: 1000, beforeId: first.nextBeforeId! });
    expect(first.rows.length + rest.rows.length).toBe(400);
    expect(rest.nextBeforeId).toBeNull();
  });

  it('shows bidi controls in sender fields neutralised, in Live and in Sequences alike', async () => {
    const started = await start();
    app = started.app;
    // Rendered raw, U+202E makes "ord-1\u202Egnp.exe" read as "ord-1exe.png".
    expect((await post(started.url, eventBody({ orderId: 'ord-1\u202Egnp.exe', orderReference: 'r\u2066x\u2069', type: 'Created' }))).status).toBe(200);
    const [row] = (await app.call('live.list', {})).rows;
    expect(row!.orderId).toBe('ord-1[U+202E]gnp.exe');
    expect(row!.orderReference).toBe('r[U+2066]x[U+2069]');
    const { orders } = await app.call('sequences.list', {});
    expect(orders.map((o) => o.orderId)).toEqual(['ord-1[U+202E]gnp.exe']);
    expect((await app.call('sequences.get', { orderId: orders[0]!.orderId })).events).toHaveLength(1);
  });
});
