import { createHash, randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { signBody } from '../../../../../../shared/signing';
import { nodeHmac } from '../../../../../../electron/services/platform/node-hmac';
import { receivedEventIds, storedEventIds } from '../../../../../../electron/services/data/reconciliation-reads';
import { startTestApp, type TestApp } from '../../../../../support/app-harness';
import { tempDirs } from '../../../../../support/temp-dirs';
import { MemorySecretStore } from '../../../../../../electron/services/secrets/secret-store';

const KEY = 'har-import-store-key';
const newDir = tempDirs('hooklab-import-');
const sha = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

let app: TestApp | null = null;
afterEach(async () => {
  await app?.close();
  app = null;
});

/** A fresh data folder whose listener knows KEY (or no key), opened as the app opens it. */
async function keyedApp(key: string | null = KEY): Promise<TestApp> {
  const secrets = new MemorySecretStore();
  if (key) secrets.set('webhookKey:k1', key);
  app = await startTestApp({ secrets, settings: { listener: { port: 0, keys: key ? [{ id: 'k1', label: 'store', addedAt: '2024-01-01T00:00:00Z' }] : [] } } });
  return app;
}

interface Made {
  entry: object;
  sha256: string;
  signature: 'valid' | 'invalid' | 'missing';
}

/** One entry of Hooklab's own HAR, as the exporter writes it (docs/share.md). */
function hooklabEntry(i: number): Made {
  const kind = i % 10;
  const eventId = kind === 3 ? 500_000 + i - 1 : 500_000 + i; // kind 3 repeats the previous event: a duplicate
  const orderId = `ord-${Math.floor(i / 4)}`;
  const utf8 = kind !== 7;
  const body = utf8
    ? Buffer.from(JSON.stringify({ orderId, orderReference: 'R', orderType: 'FASTLINK_CHARGE', type: 'SuccessPayment', level: 'Info', description: `payé ${i}`, metadata: null }))
    : Buffer.concat([Buffer.from([0xff, 0xfe, 0x00]), randomBytes(40)]);
  const signature: Made['signature'] = kind === 5 ? 'missing' : kind === 6 ? 'invalid' : 'valid';
  const headers = [
    { name: 'Host', value: 'abc.loca.lt' },
    { name: 'Content-Type', value: 'application/json' },
    { name: 'X-Svc-Event-Id', value: String(kind === 3 ? 500_000 + i - 1 : eventId) },
    { name: 'X-Svc-Event-Created', value: new Date(Date.UTC(2026, 0, 1, 0, 0, i)).toISOString() },
  ];
  if (signature !== 'missing') headers.push({ name: 'X-Svc-Hmac-Sha256', value: signBody(nodeHmac, signature === 'valid' ? KEY : 'another-key', body) });
  return {
    sha256: sha(body),
    signature,
    entry: {
      startedDateTime: new Date(Date.UTC(2026, 0, 1, 0, 0, i)).toISOString(),
      time: 3,
      request: {
        method: 'POST',
        url: 'https://abc.loca.lt/webhooks',
        httpVersion: 'HTTP/1.1',
        cookies: [],
        headers,
        queryString: [],
        headersSize: -1,
        bodySize: body.length,
        postData: utf8 ? { mimeType: 'application/json', text: body.toString('utf8') } : { mimeType: 'application/json', text: body.toString('base64'), encoding: 'base64' },
      },
      response: { status: 200, statusText: 'OK', httpVersion: 'HTTP/1.1', cookies: [], headers: [], content: { size: 0, mimeType: 'text/plain' }, redirectURL: '', headersSize: -1, bodySize: 0 },
      cache: {},
      timings: { send: 0, wait: 3, receive: 0 },
      _hooklab: { deliveryId: i + 1, signature, signatureCause: null, eventId, eventCreated: null, eventType: 'SuccessPayment', orderId, duplicateOf: null, flags: [], forwards: [] },
    },
  };
}

const har = (entries: object[]) => ({ log: { version: '1.2', creator: { name: 'Hooklab', version: '0.1.0' }, _hooklab: { format: 'hooklab-har', version: 1 }, entries } });

describe('hooklab import: a HAR', () => {
  it('10,000 deliveries (non-UTF-8 bodies, duplicates, invalid signatures): every body byte-identical, every verdict equal, none counted as received', async () => {
    const made = Array.from({ length: 10_000 }, (_, i) => hooklabEntry(i));
    const dir = newDir();
    const file = join(dir, 'capture.har');
    writeFileSync(file, JSON.stringify(har(made.map((m) => m.entry))));
    const a = await keyedApp();

    const outcome = await a.call('live.import', { path: file });
    expect(outcome).toMatchObject({ fileName: 'capture.har', kind: 'har', count: 10_000, verdictsDiffering: 0 });

    const ids = Array.from({ length: 10_000 }, (_, i) => outcome.firstId! + i);
    const store = a.core.ctx.data.deliveries;
    ids.forEach((id, i) => {
      const summary = store.summary(id)!;
      expect(summary.signature).toBe(made[i]!.signature);
      expect(summary.imported).toEqual({ importId: outcome.importId, fileName: 'capture.har' });
      expect(sha(store.raw(id)!.body)).toBe(made[i]!.sha256);
    });
    // A repeated event is a duplicate of its first delivery, within the file.
    expect(store.summary(ids[13]!)!.duplicateOf).toBe(ids[12]);

    // Reconciliation and the listener's totals never count them.
    const eventIds = [500_000, 500_001, 500_002];
    expect(receivedEventIds(a.core.ctx.data.db, eventIds).size).toBe(0);
    expect(storedEventIds(a.core.ctx.data.db, eventIds).size).toBe(0);
    expect(store.totals().count).toBe(0);
    // Live lists them (its total counts them), apart from the listener's own count.
    const listed = await a.call('live.list', { limit: 5 });
    expect(listed.rows[0]!.imported?.fileName).toBe('capture.har');
    expect(listed.total).toBe(10_000);
  }, 120_000);

  it('a received delivery of an event that was imported is not called its duplicate', async () => {
    const made = [hooklabEntry(0)];
    const file = join(newDir(), 'one.har');
    writeFileSync(file, JSON.stringify(har(made.map((m) => m.entry))));
    const a = await keyedApp();
    await a.call('live.import', { path: file });
    const entry = made[0]!.entry as { request: { headers: Array<{ name: string; value: string }>; postData: { text: string } } };
    const { listener } = await a.call('app.status', {});
    const answer = await fetch(listener.url!, { method: 'POST', headers: entry.request.headers.filter((h) => h.name !== 'Host').map((h) => [h.name, h.value] as [string, string]), body: entry.request.postData.text });
    expect(answer.status).toBe(200);
    const received = (await a.call('live.list', { limit: 5 })).rows.find((r) => !r.imported)!;
    expect(received).toMatchObject({ signature: 'valid', duplicateOf: null });
    expect(receivedEventIds(a.core.ctx.data.db, [500_000]).size).toBe(1);
    // Export all takes what Live lists: the received delivery and the imported one.
    expect((await a.call('live.exportAll', {})).total).toBe(2);
  });

  it("a browser's DevTools export (HTTP/2 pseudo headers, a form, a GET) imports with correct verdicts", async () => {
    const a = await keyedApp('devtools-fixture-key');
    const fixture = join(__dirname, '../../../../../fixtures/har/chrome-devtools-export.har');
    const outcome = await a.call('live.import', { path: fixture });
    expect(outcome).toMatchObject({ kind: 'har', count: 4, verdicts: { valid: 1, invalid: 1, missing: 2 } });
    const rows = (await a.call('live.list', { limit: 10 })).rows.reverse();
    expect(rows.map((r) => [r.method, r.eventType, r.signature])).toEqual([
      ['POST', 'SuccessPayment', 'valid'],
      ['POST', 'SuccessPayment', 'invalid'],
      ['GET', null, 'missing'],
      ['POST', null, 'missing'],
    ]);
    const detail = await a.call('live.get', { id: rows[0]!.id });
    expect(detail.headers.map(([n]) => n)).not.toContain(':authority');
    expect(detail.headers).toContainEqual(['Host', 'shop.example.test']);
    const form = a.core.ctx.data.deliveries.raw(rows[3]!.id)!;
    expect(Buffer.from(form.body).toString()).toBe('orderId=ord-7&note=hello+world');
    expect(JSON.parse(readFileSync(fixture, 'utf8')).log.creator.name).toBe('WebInspector');
  });
});
