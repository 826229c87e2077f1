import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { ForwardResult } from '../../../../../../shared/contract/live';
import { startTestApp, type TestApp } from '../../../../../support/app-harness';
import { tempDirs } from '../../../../../support/temp-dirs';

/*
 * What the sender's handler answered travels: a HAR's `_hooklab.forwards` and a bundle's
 * `forwards` (per delivery, or its `forwards` section) become the imported deliveries' forward
 * results, shown in Live's detail and its handler column; a bad shape refuses the whole file.
 */

const newDir = tempDirs('hooklab-import-forwards-');
const apps: TestApp[] = [];
afterEach(async () => {
  for (const a of apps.splice(0)) await a.close();
});

async function app(): Promise<TestApp> {
  const started = await startTestApp({ settings: { listener: { port: 0, keys: [] } } });
  apps.push(started);
  return started;
}

const BODY = JSON.stringify({ orderId: 'ord-fw-1', orderType: 'FASTLINK_CHARGE', type: 'SuccessPayment', description: 'paid', level: 'Info', metadata: { PaidAmount: '10.00' } });

const ANSWERED: ForwardResult[] = [
  { target: 'http://localhost:3000/webhooks', status: 500, headers: [['content-type', 'text/plain']], body: 'order ord-fw-1 already paid', latencyMs: 12.5, error: null, traceId: '4bf92f3577b34da6a3ce929d0e0e4736' },
  { target: 'http://localhost:3001/hooks', status: null, headers: [], body: null, latencyMs: null, error: 'connect ECONNREFUSED 127.0.0.1:3001', traceId: null },
];
/** As Live shows them here: the traces were not imported, so no trace id is kept. */
const SHOWN = ANSWERED.map((r) => ({ ...r, traceId: null }));

const harEntry = (forwards: unknown) => ({
  startedDateTime: '2026-02-01T10:00:00.000Z',
  request: { method: 'POST', url: 'https://abc.loca.lt/webhooks', headers: [{ name: 'Content-Type', value: 'application/json' }, { name: 'X-Svc-Event-Id', value: '91001' }], postData: { mimeType: 'application/json', text: BODY } },
  response: { status: 500 },
  _hooklab: { deliveryId: 7, signature: 'missing', forwards },
});

const bundleDelivery = (extra: Record<string, unknown>) => ({
  deliveryId: 7,
  receivedAt: '2026-02-01T10:00:00.000Z',
  method: 'POST',
  url: 'https://abc.loca.lt/webhooks',
  headers: [['Content-Type', 'application/json'], ['X-Svc-Event-Id', '91001']],
  bodyBase64: Buffer.from(BODY).toString('base64'),
  signature: 'missing',
  ...extra,
});

function write(name: string, json: unknown): string {
  const file = join(newDir(), name);
  writeFileSync(file, JSON.stringify(json));
  return file;
}

async function importedOne(a: TestApp, file: string) {
  const outcome = await a.call('live.import', { path: file });
  expect(outcome.count).toBe(1);
  const detail = await a.call('live.get', { id: outcome.firstId! });
  const row = (await a.call('live.list', { limit: 10 })).rows[0]!;
  return { detail, row };
}

describe('the sender’s handler answers travel with an import', () => {
  it('a HAR’s _hooklab.forwards become the imported delivery’s forward results', async () => {
    const a = await app();
    const { detail, row } = await importedOne(a, write('capture.har', { log: { version: '1.2', entries: [harEntry(ANSWERED)] } }));
    expect(detail.forwards).toEqual(SHOWN);
    expect(row.handler).toEqual({ targets: 2, failed: 2, firstStatus: 500, firstError: null });
    expect(row.imported?.fileName).toBe('capture.har');
  });

  it('a bundle delivery’s forwards, or the bundle’s forwards section by deliveryId, are stored alike', async () => {
    const a = await app();
    const own = await importedOne(a, write('own.hooklab', { format: 'hooklab-bundle', version: 1, deliveries: [bundleDelivery({ forwards: ANSWERED })] }));
    expect(own.detail.forwards).toEqual(SHOWN);
    const b = await app();
    const section = await importedOne(b, write('section.hooklab', { format: 'hooklab-bundle', version: 1, deliveries: [bundleDelivery({})], forwards: [{ deliveryId: 7, results: ANSWERED }] }));
    expect(section.detail.forwards).toEqual(SHOWN);
    expect(section.row.handler).toEqual({ targets: 2, failed: 2, firstStatus: 500, firstError: null });
  });

  it('a file without forwards imports deliveries that were not forwarded', async () => {
    const a = await app();
    const { detail, row } = await importedOne(a, write('plain.har', { log: { entries: [harEntry(undefined)] } }));
    expect(detail.forwards).toEqual([]);
    expect(row.handler).toBeNull();
  });

  it.each([
    ['a HAR whose forwards is not a list', 'bad.har', { log: { entries: [harEntry('answered 500')] } }, /bad\.har: entry 1: forwards is not a list of handler answers/],
    ['a HAR answer with a status that is not a number', 'bad.har', { log: { entries: [harEntry([{ ...ANSWERED[0], status: '500' }])] } }, /entry 1: forwards is not a list .*at 0\.status/],
    ['a bundle delivery answer without a target', 'bad.hooklab', { format: 'hooklab-bundle', version: 1, deliveries: [bundleDelivery({ forwards: [{ ...ANSWERED[0], target: undefined }] })] }, /delivery 1: forwards is not a list .*at 0\.target/],
    ['a bundle forwards section that is not a list', 'bad.hooklab', { format: 'hooklab-bundle', version: 1, deliveries: [bundleDelivery({})], forwards: { 7: ANSWERED } }, /the bundle's forwards section is not a list/],
    ['a bundle forwards item without a deliveryId', 'bad.hooklab', { format: 'hooklab-bundle', version: 1, deliveries: [bundleDelivery({})], forwards: [{ results: ANSWERED }] }, /forwards 1 has no deliveryId/],
  ])('%s is refused in one line, nothing imported', async (_name, fileName, json, words) => {
    const a = await app();
    const refusal = a.call('live.import', { path: write(fileName, json) });
    await expect(refusal).rejects.toThrow(words);
    await expect(refusal).rejects.toThrow(/nothing imported$/);
    expect((await a.call('live.list', { limit: 10 })).total).toBe(0);
  });
});

describe('Sequences marks what came from an import', () => {
  it('sequences.get marks each imported delivery with its file; received ones stay unmarked', async () => {
    const a = await app();
    const { listener } = await a.call('app.status', {});
    // Received by this listener: the order's first event.
    const created = JSON.stringify({ orderId: 'ord-fw-1', orderType: 'FASTLINK_CHARGE', type: 'Created', description: 'created', level: 'Info', metadata: null });
    const answer = await fetch(listener.url!, { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-Svc-Event-Id': '91000', 'X-Svc-Event-Created': '2026-02-01T09:59:00.000Z' }, body: created });
    expect(answer.status).toBe(200);
    const outcome = await a.call('live.import', { path: write('teammate.hooklab', { format: 'hooklab-bundle', version: 1, deliveries: [bundleDelivery({})] }) });
    const detail = await a.call('sequences.get', { orderId: 'ord-fw-1' });
    const byType = new Map(detail.events.map((e) => [e.type, e.deliveries]));
    expect(byType.get('SuccessPayment')).toEqual([{ source: 'live', id: outcome.firstId, imported: { importId: outcome.importId, fileName: 'teammate.hooklab' } }]);
    expect(byType.get('Created')).toHaveLength(1);
    expect(byType.get('Created')![0]!.imported).toBeUndefined();
  });
});

