import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../../../../electron/services/data/database';
import { DeliverySource, START } from '../../../../../electron/features/sequences/delivery-source';
import { HistorySequenceReads, SequenceReads } from '../../../../../electron/services/data/sequence-reads';
import { parseDelivery, type DeliveryInput } from '../../../../../shared/sequences';
import { body, move } from './build';

/** A received delivery written as the listener stores it (typed events have no body_kind). */
function putReceived(db: Database, bytes: Uint8Array, bodyKind: string | null = null): void {
  db.prepare(`INSERT INTO received_deliveries (received_at, received_at_ms, method, path, headers_json, body, body_size, body_sha256,
      event_id, event_created, event_created_ms, event_type, order_id, signature_outcome, attempt, body_kind)
    VALUES (?, ?, 'POST', '/webhooks', '[]', ?, ?, ?, NULL, NULL, NULL, NULL, NULL, 'valid', 1, ?)`).run(
    new Date(0).toISOString(),
    0,
    bytes,
    bytes.length,
    createHash('sha256').update(bytes).digest('hex'),
    bodyKind,
  );
}

function putHistory(db: Database, id: number, payload: string): void {
  db.prepare(`INSERT INTO history_deliveries (environment_id, id, event_id, event_type, event_created, url, payload, response_status_code, delivered, created, fetched_at)
    VALUES ('sandbox', ?, ?, 'Created', '2026-11-23T10:00:00.000Z', 'http://x', ?, 200, 1, '2026-11-23T10:00:00.000Z', '2026-11-23T10:00:00.000Z')`).run(id, id, payload);
}

const allInputs = (source: DeliverySource) => [...source.pagesAfter(START, 'sandbox', [])].flatMap((p) => p.deliveries);
/** What the index keeps of a delivery: its slim parse, without where it came from. */
const slim = (d: DeliveryInput) => {
  const parsed = parseDelivery(d, true);
  return { ...parsed, input: { ...parsed.input, ref: null } };
};

const coupon = (extra: Record<string, unknown>) => ({ orderItemId: 'l', coupon: { code: 'TEN', ...extra } });
const BODIES: Array<[string, string | Uint8Array, string | null]> = [
  ['Created', body('Created'), null],
  ['a numeric order id', body('Created', null, 123456), null],
  ['Updated with a bad status and eta', body('Updated', move('PENDING', 'FLYING', { PreparationEtaMinutes: 'soon' })), null],
  ['Updated with a null status', body('Updated', { PreviousStatus: null, NewStatus: 'READY' }), null],
  ['Updated without metadata', body('Updated'), null],
  ['a 3-D Secure event with its id', body('ThreeDSecureAuthSucceeded', { authenticationId: ' auth-1 ' }), null],
  ['a 3-D Secure event without', body('ThreeDSecureAuthFailed', { reason: 'declined' }), null],
  ['SuccessPayment with coupons, one missing its dates', body('SuccessPayment', { PaidAmount: '1', orderDetail: [{ n: 1 }, coupon({ startDate: '2026-01-01', endDate: '2026-12-31' }), coupon({}), { coupon: 'x' }] }), null],
  ['SuccessPayment whose orderDetail is an object', body('SuccessPayment', { orderDetail: { a: 1 } }), null],
  ['SuccessPayment without metadata', body('SuccessPayment'), null],
  ['metadata that is an array', JSON.stringify({ orderId: 'o', type: 'Created', metadata: [1, 2] }), null],
  ['metadata that is text', JSON.stringify({ orderId: 'o', type: 'Created', metadata: 'x' }), null],
  ['an unknown type', body('Teleported'), null],
  ['true, false and numbers where text is read', JSON.stringify({ orderId: 'o', type: 'Updated', level: true, orderType: 7, metadata: { PreviousStatus: false, NewStatus: 1.5, reason: { a: [1] } } }), null],
  ['a coupon nested deeper than a line', body('SuccessPayment', { orderDetail: [{ x: { coupon: { code: 'deep' } } }, { coupon: { code: 'C', startDate: 'no' } }] }), null],
  ['nesting SQLite refuses (1,500 deep) in a small body', `{"orderId":"o","type":"Created","x":${'['.repeat(1500)}${']'.repeat(1500)}}`, null],
  ['no order id', JSON.stringify({ type: 'Created' }), null],
  ['an empty type', JSON.stringify({ orderId: 'o', type: ' ' }), null],
  ['not JSON', '{"orderId": "o", ', 'not-json'],
  ['not an object', '[1, 2]', 'json-without-type'],
  ['not UTF-8', new Uint8Array([0x7b, 0xff, 0x7d]), 'not-utf8'],
  ['empty', '', 'empty'],
];

describe("the Sequences index's reads", () => {
  /** The body made larger than what comes to JavaScript whole (64 KB), keeping what it is. */
  const large = (text: string | Uint8Array): string | Uint8Array => {
    if (typeof text !== 'string') return Buffer.concat([Buffer.from(text), Buffer.alloc(70_000, 0xff)]);
    if (text.startsWith('{')) return `{"pad":"${'x'.repeat(70_000)}",${text.slice(1)}`;
    if (text.startsWith('[')) return `[${'0,'.repeat(35_000)}${text.slice(1)}`;
    return text;
  };

  for (const [size, sized] of [
    ['small', (t: string | Uint8Array) => t],
    ['large (walked in SQL)', large],
  ] as const) {
    it(`gives every ${size} body the same verdict from what the index reads as from the whole body`, () => {
      const db = openDatabase(':memory:');
      const bodies = BODIES.map(([name, text, kind]) => [name, sized(text), kind] as const);
      for (const [, text, kind] of bodies) putReceived(db, typeof text === 'string' ? Buffer.from(text) : text, kind);
      bodies.forEach(([, text], i) => typeof text === 'string' && putHistory(db, i + 1, text));
      const inputs = allInputs(new DeliverySource(new SequenceReads(db), new HistorySequenceReads(db)));
      const received = inputs.filter((d) => d.ref.source === 'live');
      expect(received).toHaveLength(bodies.length);
      received.forEach((d, i) => {
        const [name, text] = bodies[i]!;
        expect(slim(d), name).toEqual(slim({ ...d, body: text }));
      });
      for (const d of inputs.filter((x) => x.ref.source === 'history')) {
        const [name, text] = bodies[d.ref.id - 1]!;
        expect(slim(d), name).toEqual(slim({ ...d, body: text }));
        expect(d.digest).toBe(createHash('sha256').update(text).digest('hex'));
      }
      db.close();
    });
  }

  it('never brings a large event body into JavaScript: only the fields the index reads', () => {
    const db = openDatabase(':memory:');
    const pad = 'p'.repeat(2 * 1024 * 1024);
    for (let i = 0; i < 3; i++) putReceived(db, Buffer.from(body('SuccessPayment', { PaidAmount: '1', pad, orderDetail: [{ note: pad }] }, `big-${i}`)));
    putHistory(db, 1, body('Created', { pad }, 'big-h'));
    const inputs = allInputs(new DeliverySource(new SequenceReads(db), new HistorySequenceReads(db)));
    expect(inputs).toHaveLength(4);
    // A page brings no large body: each is walked alone afterwards.
    expect(new SequenceReads(db).sequenceRowsAfter(0, [], 5_000).map((r) => [r.id, r.body, r.walk])).toEqual([
      [1, null, true],
      [2, null, true],
      [3, null, true],
    ]);
    for (const d of inputs) expect(typeof d.body === 'string' ? d.body.length : d.body.byteLength).toBeLessThan(1024);
    expect(inputs.map((d) => parseDelivery(d, true)).map((p) => (p.ok ? [p.orderId, p.type] : p.reason))).toEqual([
      ['big-0', 'SuccessPayment'],
      ['big-1', 'SuccessPayment'],
      ['big-2', 'SuccessPayment'],
      ['big-h', 'Created'],
    ]);
    db.close();
  });
});
