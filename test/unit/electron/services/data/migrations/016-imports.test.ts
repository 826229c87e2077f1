import { describe, expect, it } from 'vitest';
import { DatabaseSync } from 'node:sqlite';
import { migrate } from '../../../../../../electron/services/data/migrate';
import { migrations } from '../../../../../../electron/services/data/migrations';
import { DeliveryStore } from '../../../../../../electron/services/data/delivery-store';
import { DeliverySearch } from '../../../../../../electron/services/data/delivery-search';
import { ImportStore } from '../../../../../../electron/services/data/import-store';
import { judgeDelivery, type JudgeContext } from '../../../../../../electron/features/live/listener/judge';
import { nodeHmac } from '../../../../../../electron/services/platform/node-hmac';

const CONTEXT: JudgeContext = { keys: [], answers: { answer: { status: 200, delayMs: 0, body: '', hang: false }, rules: [] }, passThrough: false };

function delivery(body: string, eventId: number) {
  const bytes = Buffer.from(body);
  const headers: Array<[string, string]> = [['Content-Type', 'application/json'], ['X-Svc-Event-Id', String(eventId)]];
  return judgeDelivery({ receivedAtMs: Date.now(), method: 'POST', path: '/hooks', headers, body: bytes, bodySize: bytes.length, truncation: null }, CONTEXT, nodeHmac);
}
const imported = (body: string, eventId: number) => {
  const { answerFor: _a, ...d } = delivery(body, eventId);
  return { ...d, answeredStatus: 200, forwards: [] };
};
const RECORD = { fileName: 'capture.har', kind: 'har' as const, importedAt: '2026-01-01T00:00:00Z', note: null, signingKeyId: null };

describe('imported rows beside received ones (migration 016)', () => {
  it('never enter the listener’s totals, retention or duplicate judgement; Clear removes them with their import', () => {
    const db = new DatabaseSync(':memory:');
    migrate(db, migrations);
    const store = new DeliveryStore(db);
    const imports = new ImportStore(db);
    store.insertBatch([delivery('{"type":"Created","orderId":"a"}', 1)]);
    const result = imports.importAll(RECORD, [imported('{"type":"Created","orderId":"a"}', 1), imported('{"type":"Created","orderId":"a"}', 1), imported('{"type":"Updated","orderId":"a"}', 2)]);
    // Duplicates within the file, never of the received row.
    expect(result.ids.map((id) => store.summary(id)!.duplicateOf)).toEqual([null, result.ids[0], null]);
    expect(store.totals().count).toBe(1);
    // A new arrival of event 2 is its first attempt: the imported copy was never received.
    const [arrival] = store.insertBatch([delivery('{"type":"Updated","orderId":"a"}', 2)]);
    expect(arrival!.attempt).toBe(1);
    expect(arrival!.summary.duplicateOf).toBeNull();
    // Retention to one row removes received rows only; what it announces (live.removed) is the
    // oldest received row, not an imported one below it.
    store.enforce({ maxDeliveries: 1, maxBytes: Number.MAX_SAFE_INTEGER });
    expect(store.totals().count).toBe(1);
    expect(store.oldestReceivedId()).toBe(arrival!.summary.id);
    expect(result.ids.every((id) => store.summary(id)?.imported?.fileName === 'capture.har')).toBe(true);
    // Removing an import's rows leaves the totals as they were.
    db.exec('DELETE FROM imports');
    expect(result.ids.map((id) => store.summary(id))).toEqual([undefined, undefined, undefined]);
    expect(store.totals().count).toBe(1);
    imports.importAll(RECORD, [imported('{"type":"Created","orderId":"b"}', 5)]);
    store.clear();
    expect(db.prepare('SELECT count(*) AS n FROM imports').get()).toEqual({ n: 0 });
    expect(store.totals()).toMatchObject({ count: 0, bytes: 0 });
  });

  it('queues imported rows for the search index', () => {
    const db = new DatabaseSync(':memory:');
    migrate(db, migrations);
    const search = new DeliverySearch(db);
    const { ids } = new ImportStore(db).importAll(RECORD, [imported('{"type":"Created","coupon":"IMPORTEDCODE"}', 9)]);
    search.indexAll();
    expect(search.search('IMPORTEDCODE', 10).ids).toEqual(ids);
  });
});
