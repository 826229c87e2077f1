import { createHash } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { HAR_1_2_SCHEMA } from '../../../../support/har-schema';
import { closedAfterEach } from '../../../../support/closed-after-each';
import { arrival, ended, judged, readExport, SENDER_KEY, startShareApp } from './share-helpers';

const closeAfter = closedAfterEach();

interface HarEntry {
  request: { method: string; url: string; headers: Array<{ name: string; value: string }>; postData?: { mimeType: string; text: string; encoding?: string } };
  response: { status: number };
  _hooklab: { deliveryId: number; signature: string; signatureCause: { kind: string } | null; eventId: number | null; duplicateOf: number | null; flags: string[]; orderId: string | null };
}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const bodyOf = (e: HarEntry) => (e.request.postData === undefined ? Buffer.alloc(0) : Buffer.from(e.request.postData.text, e.request.postData.encoding === 'base64' ? 'base64' : 'utf8'));

describe('share.exportHar', () => {
  it('writes 10,000 deliveries (not UTF-8, duplicates, invalid signatures) as HAR 1.2: schema-valid, every body byte-identical, every verdict as Live shows it', async () => {
    const app = closeAfter(await startShareApp());
    const store = app.core.ctx.data.deliveries;
    for (let start = 1; start <= 10_000; start += 500) store.insertBatch(Array.from({ length: 500 }, (_, i) => judged(arrival(start + i))));
    const summaries = new Map(store.list(undefined, 20_000).map((s) => [s.id, s]));
    expect(summaries.size).toBe(10_000);

    const started = await app.call('share.exportHar', {});
    expect(started.total).toBe(10_000);
    expect(await ended(app, started.jobId)).toMatchObject({ kind: 'share.export', state: 'done', done: 10_000 });
    const { text, last } = await readExport(app, started.jobId);
    expect(last.path.startsWith(app.dataDir)).toBe(true);
    const har = JSON.parse(text) as { log: { version: string; creator: { name: string }; _hooklab: object; entries: HarEntry[] } };

    const ajv = new Ajv({ allErrors: true, strict: false });
    addFormats.default(ajv);
    const validate = ajv.compile(HAR_1_2_SCHEMA);
    expect(validate(har) ? [] : validate.errors?.slice(0, 5)).toEqual([]);
    expect(har.log).toMatchObject({ version: '1.2', creator: { name: 'Hooklab' }, _hooklab: { format: 'hooklab-har', version: 1, redacted: false } });
    expect(har.log.entries).toHaveLength(10_000);

    const seen = { base64: 0, invalid: 0, missing: 0, duplicates: 0 };
    for (const entry of har.log.entries) {
      const id = entry._hooklab.deliveryId;
      const s = summaries.get(id)!;
      const raw = store.raw(id)!;
      expect(sha256(bodyOf(entry))).toBe(raw.sha256);
      expect(entry.request.headers.map((h) => [h.name, h.value])).toEqual(raw.headers);
      expect(entry.request.url).toBe('http://hooks.example.test/webhooks');
      expect(entry._hooklab).toMatchObject({ signature: s.signature, eventId: s.eventId, duplicateOf: s.duplicateOf, orderId: s.orderId, signatureCause: s.diagnosis ? { kind: s.diagnosis.kind } : null });
      expect(entry._hooklab.flags.includes('duplicate')).toBe(s.duplicateOf !== null);
      if (entry.request.postData?.encoding === 'base64') seen.base64++;
      if (s.signature === 'invalid') seen.invalid++;
      if (s.signature === 'missing') seen.missing++;
      if (s.duplicateOf !== null) seen.duplicates++;
    }
    // Every kind the test meant to export is there.
    expect(seen.base64).toBe(Math.floor(10_000 / 13));
    expect(seen.invalid).toBeGreaterThan(500);
    expect(seen.missing).toBeGreaterThan(500);
    expect(seen.duplicates).toBeGreaterThan(1000);
    expect(text).not.toContain(SENDER_KEY);
  }, 240_000);

  it('exports what the filters select (type, order, since, ids), oldest first', async () => {
    const app = closeAfter(await startShareApp());
    const body = (orderId: string, type: string) => JSON.stringify({ orderId, orderType: 'PaymentLink', description: '', level: 'Info', type, metadata: null });
    const rows = app.core.ctx.data.deliveries.insertBatch([
      judged({ body: body('a', 'SuccessPayment'), eventId: 1, receivedAtMs: Date.parse('2026-11-28T09:00:00Z') }),
      judged({ body: body('b', 'SuccessPayment'), eventId: 2, receivedAtMs: Date.parse('2026-11-28T11:00:00Z') }),
      judged({ body: body('a', 'ShippingStatusUpdated'), eventId: 3, receivedAtMs: Date.parse('2026-11-28T12:00:00Z') }),
    ]);
    const ids = rows.map((r) => r.summary.id);
    const exported = async (selection: object) => {
      const { jobId } = await app.call('share.exportHar', { selection });
      await ended(app, jobId);
      return (JSON.parse((await readExport(app, jobId)).text) as { log: { entries: HarEntry[] } }).log.entries.map((e) => e._hooklab.deliveryId);
    };
    expect(await exported({ orderId: 'a' })).toEqual([ids[0], ids[2]]);
    expect(await exported({ eventType: 'SuccessPayment' })).toEqual([ids[0], ids[1]]);
    expect(await exported({ since: '2026-11-28T10:30:00Z' })).toEqual([ids[1], ids[2]]);
    expect(await exported({ ids: [ids[2]!, ids[0]!], eventType: 'SuccessPayment' })).toEqual([ids[0]]);
  });

  it('redacted: personal data replaced, the signature and credentials left out, the verdict kept', async () => {
    const app = closeAfter(await startShareApp());
    const body = JSON.stringify({ orderId: 'r1', orderType: 'PaymentLink', description: '', level: 'Info', type: 'SuccessPayment', metadata: { buyerName: 'Ana Lovelace', buyerEmail: 'ana@lovelace.test' } });
    app.core.ctx.data.deliveries.insertBatch([
      judged({ body, eventId: 9, extraHeaders: [['Authorization', 'Bearer tok_live_12345678']] }),
      // Not JSON: redaction cannot read it field by field, so its bytes stay out.
      judged({ body: 'name=Ana Lovelace&email=ana@lovelace.test', eventId: 10 }),
    ]);
    const { jobId } = await app.call('share.exportHar', { redact: true });
    await ended(app, jobId);
    const { text } = await readExport(app, jobId);
    for (const literal of ['Ana Lovelace', 'ana@lovelace.test', 'tok_live_12345678', 'X-Svc-Hmac-Sha256']) expect(text).not.toContain(literal);
    const entry = (JSON.parse(text) as { log: { _hooklab: { redacted: boolean }; entries: HarEntry[] } }).log;
    expect(entry._hooklab.redacted).toBe(true);
    expect(entry.entries[0]!._hooklab.signature).toBe('valid');
    expect(entry.entries[1]!._hooklab.flags).toContain('body-withheld');
    expect(entry.entries[1]!.request.postData).toBeUndefined();
  });

  it('cancelled, it keeps no result and leaves no partial file', async () => {
    const app = closeAfter(await startShareApp());
    app.core.ctx.data.deliveries.insertBatch(Array.from({ length: 3000 }, (_, i) => judged(arrival(i + 1))));
    const { jobId } = await app.call('share.exportHar', {});
    await app.call('jobs.cancel', { jobId });
    expect(await ended(app, jobId)).toMatchObject({ state: 'cancelled' });
    await expect(app.call('share.exportResult', { jobId })).rejects.toThrow(/has no result/);
    expect(await app.call('share.exportFinished', { jobId })).toMatchObject({ state: 'cancelled', path: null });
    expect(readdirSync(join(app.dataDir, 'shares'))).toEqual([]);
  });
});
