import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { receivedEventIds, storedEventIds } from '../../../../electron/services/data/reconciliation-reads';
import { closedAfterEach } from '../../../support/closed-after-each';
import { hooklabInProcess } from '../../../support/hooklab-in-process';
import { keyedHandler } from '../../../support/keyed-handler';
import { tempDirs } from '../../../support/temp-dirs';
import type { TestApp } from '../../../support/app-harness';
import { BUYER, ORDER, storeOrder } from './share-export/order-fixture';
import { arrival, ended, judged, readExport, SENDER_KEY, startKeyedApp } from './share-export/share-helpers';

/*
 * The real exporter feeding the real importer: what folder A exports, a fresh folder B imports,
 * and B sees what A saw.
 */

const closeAfter = closedAfterEach();
const newDir = tempDirs('hooklab-roundtrip-');
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** Runs an export call to its end; the file's path (in A's data folder) and its text. */
async function exported(app: TestApp, started: Promise<{ jobId: string }>): Promise<{ path: string; text: string }> {
  const { jobId } = await started;
  expect(await ended(app, jobId)).toMatchObject({ state: 'done' });
  const { text, last } = await readExport(app, jobId);
  return { path: last.path, text };
}

describe('share round trip: export from folder A, import into a fresh folder B', () => {
  it('10,000 deliveries as HAR: every body byte-identical in order, every verdict and duplicate equal, nothing counted as received', async () => {
    const a = closeAfter(await startKeyedApp(SENDER_KEY));
    const sent = a.core.ctx.data.deliveries;
    for (let start = 1; start <= 10_000; start += 500) sent.insertBatch(Array.from({ length: 500 }, (_, i) => judged(arrival(start + i))));
    const { path } = await exported(a, a.call('share.exportHar', {}));
    const before = sent.exportRows({ afterId: 0, limit: 20_000 });
    expect(before).toHaveLength(10_000);

    const b = closeAfter(await startKeyedApp(SENDER_KEY));
    const outcome = await b.call('live.import', { path });
    expect(outcome).toMatchObject({ kind: 'har', count: 10_000, verdictsDiffering: 0 });

    const after = b.core.ctx.data.deliveries.exportRows({ afterId: 0, limit: 20_000 });
    expect(after).toHaveLength(10_000);
    // A's delivery id → B's, to compare what each calls a duplicate of what.
    const idInB = new Map(before.map((r, i) => [r.summary.id, after[i]!.summary.id]));
    const kinds = new Set<string>();
    after.forEach((r, i) => {
      const was = before[i]!;
      expect(sha256(r.body)).toBe(was.sha256);
      expect(r.summary.signature).toBe(was.summary.signature);
      expect(r.summary.duplicateOf).toBe(was.summary.duplicateOf === null ? null : idInB.get(was.summary.duplicateOf));
      expect(r.summary.imported?.fileName).toBe(path.split('/').pop());
      kinds.add(r.summary.signature);
      if (r.summary.duplicateOf !== null) kinds.add('duplicate');
    });
    expect([...kinds].sort()).toEqual(['duplicate', 'invalid', 'missing', 'valid']);

    // Nothing of it was received by B's listener.
    expect(b.core.ctx.data.deliveries.totals().count).toBe(0);
    const eventIds = after.flatMap((r) => (r.summary.eventId === null ? [] : [r.summary.eventId])).slice(0, 50);
    expect(receivedEventIds(b.core.ctx.data.db, eventIds).size).toBe(0);
    expect(storedEventIds(b.core.ctx.data.db, eventIds).size).toBe(0);
  }, 300_000);

  it('an order of 13 deliveries as a redacted bundle, opened in a folder with no key: the same states and flags, no buyer literal, scenario run signs validly', async () => {
    const a = storeOrder(closeAfter(await startKeyedApp(SENDER_KEY)));
    const { path, text } = await exported(a, a.call('share.exportBundle', { selection: { orderId: ORDER }, note: 'Order stuck after payment' }));
    const signingKey = (JSON.parse(text) as { signingKey: string }).signingKey;
    const seen = await a.call('sequences.get', { orderId: ORDER });

    const b = closeAfter(await startKeyedApp(null));
    const outcome = await b.call('live.import', { path });
    expect(outcome).toMatchObject({ kind: 'bundle', count: 13, verdictsDiffering: 0, note: 'Order stuck after payment' });
    const opened = await b.call('sequences.get', { orderId: ORDER });
    const states = (d: typeof seen) => ({ status: d.summary.status, payment: d.summary.payment, shipping: d.summary.shipping, flagKinds: d.flags.map((f) => f.kind) });
    expect(states(opened)).toEqual(states(seen));
    // Each delivery judged as A judged it.
    expect(b.core.ctx.data.deliveries.exportRows({ afterId: 0, limit: 100 }).map((r) => r.summary.signature)).toEqual(
      a.core.ctx.data.deliveries.exportRows({ afterId: 0, limit: 100 }).map((r) => r.summary.signature),
    );

    // B stored no literal of the buyer.
    for (const row of b.core.ctx.data.deliveries.exportRows({ afterId: 0, limit: 100 })) {
      const body = Buffer.from(row.body).toString();
      for (const literal of [BUYER.name, BUYER.phone, BUYER.email]) expect(body).not.toContain(literal);
    }

    // The bundle's history rows came too, kept apart from B's own history copy: read with the
    // file's name, never counted as B's history, never reconciled with what B's listener received.
    const bundled = (JSON.parse(text) as { history: Array<{ id: number; eventId: number; payload: string }> }).history;
    expect(bundled.length).toBeGreaterThan(0);
    expect(outcome.historyRows).toBe(bundled.length);
    const eventIds = [...new Set(bundled.map((h) => h.eventId))];
    const imported = (await Promise.all(eventIds.map((eventId) => b.call('live.importedHistory', { eventId })))).flatMap((r) => r.deliveries);
    expect(imported.map((h) => [h.id, h.eventId, h.payload]).sort()).toEqual(bundled.map((h) => [h.id, h.eventId, h.payload]).sort());
    expect(new Set(imported.map((h) => h.fileName))).toEqual(new Set([path.split('/').pop()]));
    expect(await b.call('history.summary', {})).toMatchObject({ deliveries: 0, events: 0 });
    expect((await b.call('history.local', { eventId: eventIds[0]! })).deliveries).toEqual([]);
    expect((await b.call('history.reconcile', { refresh: true })).counts).toMatchObject({ received: 0, lost: 0 });

    const handler = closeAfter(await keyedHandler(signingKey));
    const run = await hooklabInProcess(['scenario', 'run', path, '--to', handler.url, '--speed', 'max', '--data-dir', newDir()], { cwd: newDir() });
    expect(run.stderr).toContain("signing with the bundle's own key (signingKey)");
    expect(run.code).toBe(0);
    expect(handler.verdicts).toHaveLength(13);
    expect(handler.verdicts.every(Boolean)).toBe(true);
  }, 60_000);

  it('a redacted HAR (no signatures, a withheld body): imported whole, and its verdicts are not called different', async () => {
    const a = storeOrder(closeAfter(await startKeyedApp(SENDER_KEY)));
    a.core.ctx.data.deliveries.insertBatch([judged({ body: Uint8Array.from([0xff, 0xfe, 0x41]), eventId: 900 })]);
    const { path } = await exported(a, a.call('share.exportHar', { redact: true }));

    const b = closeAfter(await startKeyedApp(SENDER_KEY));
    const outcome = await b.call('live.import', { path });
    // The redacted file left the signatures out: there is nothing here to judge them by.
    expect(outcome).toMatchObject({ kind: 'har', count: 14, verdictsDiffering: 0, verdicts: { missing: 14 } });
    const rows = b.core.ctx.data.deliveries.exportRows({ afterId: 0, limit: 100 });
    expect(rows[13]!.body).toHaveLength(0);
    for (const row of rows) for (const literal of [BUYER.name, BUYER.phone, BUYER.email]) expect(Buffer.from(row.body).toString()).not.toContain(literal);
  });

  it.each([false, true])('a bundle of unsigned, wrongly signed, duplicate and non-UTF-8 deliveries (redact %s): every verdict and duplicate equal, bytes equal or withheld', async (redact) => {
    const a = closeAfter(await startKeyedApp(SENDER_KEY));
    a.core.ctx.data.deliveries.insertBatch(Array.from({ length: 300 }, (_, i) => judged(arrival(i + 1))));
    const { path } = await exported(a, a.call('share.exportBundle', { redact }));

    const b = closeAfter(await startKeyedApp(null));
    expect(await b.call('live.import', { path })).toMatchObject({ kind: 'bundle', count: 300, verdictsDiffering: 0 });
    const before = a.core.ctx.data.deliveries.exportRows({ afterId: 0, limit: 1000 });
    const after = b.core.ctx.data.deliveries.exportRows({ afterId: 0, limit: 1000 });
    const idInB = new Map(before.map((r, i) => [r.summary.id, after[i]!.summary.id]));
    after.forEach((r, i) => {
      const was = before[i]!;
      expect([r.summary.signature, r.summary.duplicateOf]).toEqual([was.summary.signature, was.summary.duplicateOf === null ? null : idInB.get(was.summary.duplicateOf)]);
      // Redacted, a body that is not JSON is withheld; the JSON ones keep their shape.
      if (!redact) expect(sha256(r.body)).toBe(was.sha256);
      else if (was.summary.eventId === null) expect(r.body).toHaveLength(0);
    });
    expect(new Set(after.map((r) => r.summary.signature))).toEqual(new Set(['valid', 'invalid', 'missing']));
  });
});
