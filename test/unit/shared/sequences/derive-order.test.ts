import { describe, expect, it } from 'vitest';
import { deriveOrder, groupByOrder, parseDelivery, type DeliveryInput } from '../../../../shared/sequences';
import { at, body, delivery, move } from '../../electron/features/sequences/build';

const derive = (inputs: DeliveryInput[], now = at(0)) => deriveOrder('ord-1', inputs.map((d) => parseDelivery(d)), now);
const kinds = (inputs: DeliveryInput[], now?: number) => derive(inputs, now).flags.map((f) => f.kind);

describe('deriveOrder: timeline', () => {
  it('orders events by creation, with their arrival rank beside', () => {
    const d = derive([
      delivery(body('Created'), { created: 0, arrived: 5 }),
      delivery(body('SuccessPayment', {}), { created: 1, arrived: 2 }),
    ]);
    expect(d.events.map((e) => [e.type, e.createdRank, e.arrivalRank])).toEqual([
      ['Created', 1, 2],
      ['SuccessPayment', 2, 1],
    ]);
  });

  it('places an unlogged event (no creation time) where it arrived', () => {
    const d = derive([delivery(body('Created'), { created: 0 }), delivery(body('Finalized'), { created: null, eventId: null, arrived: 10 }), delivery(body('SuccessPayment', {}), { created: 5 })]);
    expect(d.events.map((e) => e.type)).toEqual(['Created', 'SuccessPayment', 'Finalized']);
    expect(d.events[2]!.created).toBeNull();
  });
});

describe('deriveOrder: flags', () => {
  it('out-of-order: an event that arrived after one created later, both named', () => {
    const created = delivery(body('Created'), { created: 0, arrived: 3 });
    const paid = delivery(body('SuccessPayment', {}), { created: 1, arrived: 2 });
    const d = derive([created, paid]);
    expect(d.flags).toEqual([{ kind: 'out-of-order', eventKeys: [`e${created.eventId}`, `e${paid.eventId}`], message: expect.stringContaining('Created (created 2026-11-23T10:00:00.000Z) arrived after SuccessPayment') }]);
  });

  it('no out-of-order for an event that first arrived as a resend (history knows the delivery was one)', () => {
    // Created (event 7) was logged at 0 and went elsewhere; SuccessPayment arrived at 2; the user
    // resent Created at 30 (delivery 12 of event 7), which arrived at 30.1.
    const created = body('Created');
    const inputs = [
      delivery(created, { created: 0, eventId: 7, source: 'history', id: 7, arrived: 0 }),
      delivery(created, { created: 0, eventId: 7, source: 'history', id: 12, arrived: 30 }),
      delivery(created, { created: 0, eventId: 7, arrived: 30.1 }),
      delivery(body('SuccessPayment', {}), { created: 1, arrived: 2 }),
    ];
    expect(kinds(inputs)).toEqual([]);
    // The same late arrival without the resend in history is out of order.
    expect(kinds(inputs.filter((d) => !(d.ref.source === 'history' && d.ref.id === 12)))).toEqual(['out-of-order']);
  });

  it('no out-of-order when arrival follows creation', () => {
    expect(kinds([delivery(body('Created'), { created: 0, arrived: 1 }), delivery(body('SuccessPayment', {}), { created: 1, arrived: 2 })])).toEqual([]);
  });

  it('duplicate from automatic retries: one event, the count, the source', () => {
    const first = delivery(body('Created'), { created: 0, arrived: 0, eventId: 7 });
    const d = derive([first, delivery(first.body, { created: 0, arrived: 2, eventId: 7 }), delivery(first.body, { created: 0, arrived: 5, eventId: 7 })]);
    expect(d.events).toHaveLength(1);
    expect(d.events[0]).toMatchObject({ copies: 3, duplicateSources: { retry: 2, resend: 0, secondUrl: 0 }, eventIds: [7] });
    expect(d.flags).toEqual([{ kind: 'duplicate', eventKeys: ['e7'], message: expect.stringContaining('Created came 3 times (2 automatic retries)') }]);
  });

  it('duplicate from a resend the history copy knows about', () => {
    const text = body('Created');
    const d = derive([
      delivery(text, { eventId: 7, source: 'history', id: 7 }),
      delivery(text, { eventId: 7, source: 'history', id: 9, arrived: 1 }),
      delivery(text, { eventId: 7, arrived: 0 }),
      delivery(text, { eventId: 7, arrived: 1 }),
    ]);
    expect(d.events[0]).toMatchObject({ copies: 2, duplicateSources: { retry: 0, resend: 1, secondUrl: 0 } });
    expect(d.events[0]!.deliveries).toHaveLength(4);
    expect(d.flags[0]!.message).toContain('1 resend');
  });

  it('a received delivery and its history copy are one event, not a duplicate', () => {
    const text = body('Created');
    expect(kinds([delivery(text, { eventId: 7, source: 'history', id: 7 }), delivery(text, { eventId: 7 })])).toEqual([]);
  });

  it('without history, a copy long after the first is a resend', () => {
    const text = body('Created');
    const d = derive([delivery(text, { eventId: 7, arrived: 0 }), delivery(text, { eventId: 7, arrived: 600 })]);
    expect(d.events[0]!.duplicateSources).toEqual({ retry: 0, resend: 1, secondUrl: 0 });
  });

  it('duplicate from a second URL of the store: same body and creation, another event id', () => {
    const text = body('Created');
    const d = derive([delivery(text, { eventId: 7 }), delivery(text, { eventId: 8 })]);
    expect(d.events).toHaveLength(1);
    expect(d.events[0]).toMatchObject({ eventIds: [7, 8], copies: 2, duplicateSources: { retry: 0, resend: 0, secondUrl: 1 } });
    expect(d.flags[0]!.message).toContain('second URL');
  });

  it('duplicate of an unlogged delivery: identical bodies without event id', () => {
    const text = body('Created');
    const d = derive([delivery(text, { eventId: null, created: null, arrived: 0 }), delivery(text, { eventId: null, created: null, arrived: 1 })]);
    expect(d.events).toHaveLength(1);
    expect(d.flags.map((f) => f.kind)).toEqual(['duplicate']);
  });

  it('skipped-step, illegal-transition and unspecified-transition come from Updated events', () => {
    expect(kinds([delivery(body('Updated', move('PENDING', 'DISPATCHED')))])).toEqual(['skipped-step']);
    expect(kinds([delivery(body('Updated', move('PENDING', 'ACCEPTED')), { created: 0 }), delivery(body('Updated', move('READY', 'DISPATCHED')), { created: 1 })])).toEqual(['illegal-transition']);
    expect(kinds([delivery(body('Updated', move('PENDING', 'REJECTED')))])).toEqual(['unspecified-transition']);
  });

  it('shipping follows creation order even when the events arrived reversed', () => {
    const d = derive([delivery(body('Updated', move('ACCEPTED', 'READY')), { created: 1, arrived: 1 }), delivery(body('Updated', move('PENDING', 'ACCEPTED')), { created: 0, arrived: 2 })]);
    expect(d.summary.shipping).toBe('READY');
    expect(d.flags.map((f) => f.kind)).toEqual(['out-of-order']);
  });

  it('after-final: a payment created after the cancellation', () => {
    expect(kinds([delivery(body('Created'), { created: 0 }), delivery(body('Cancelled'), { created: 1 }), delivery(body('SuccessPayment', {}), { created: 2 })])).toEqual(['after-final']);
  });

  it('3ds-not-confirmed only after the grace period, by event-created time', () => {
    const success = delivery(body('ThreeDSecureAuthSucceeded', { authenticationId: 'a1' }), { created: 0 });
    expect(kinds([success], at(60))).toEqual([]);
    expect(derive([success], at(60)).recheckAt).not.toBeNull();
    expect(kinds([success], at(600))).toEqual(['3ds-not-confirmed']);
    expect(kinds([success, delivery(body('SuccessPayment', {}), { created: 2 })], at(600))).toEqual([]);
  });

  it('lists flags in the order of the kinds', () => {
    const text = body('Updated', move('PENDING', 'DISPATCHED'));
    const k = kinds([delivery(body('Created'), { created: 0, arrived: 9 }), delivery(text, { created: 1, arrived: 1, eventId: 5 }), delivery(text, { created: 1, arrived: 2, eventId: 5 })]);
    expect(k).toEqual(['out-of-order', 'duplicate', 'skipped-step']);
  });
});

describe('deriveOrder: derived states and bad input', () => {
  it('summarises status, payment, shipping and 3-D Secure', () => {
    const d = derive([
      delivery(body('ThreeDSecureAuthSucceeded', { authenticationId: 'a1' }), { created: 0 }),
      delivery(body('SuccessPayment', { BuyerName: 'Ana', OrderTotalDetails: { subtotal: '10.00', shippingAmount: '0', discountAmount: '0', surchargeAmount: '0', total: '10.00' }, orderDetail: [] }), { created: 1 }),
      delivery(body('Updated', move('PENDING', 'ACCEPTED', { PreparationEtaMinutes: '25' })), { created: 2 }),
    ], at(600));
    expect(d.summary).toMatchObject({ orderId: 'ord-1', orderType: 'FASTLINK_CHARGE', orderReference: 'ref-1', status: 'PAID', payment: 'paid', shipping: 'ACCEPTED', threeDs: 'SUCCESS', events: 3, flags: 0 });
    expect(d.threeDsAttempts[0]!.confirmed).toBe(true);
    expect(d.shippingSteps[0]!.etaMinutes).toBe(25);
    expect(d.payment).toMatchObject({ buyer: { name: 'Ana' }, totals: { total: '10.00' } });
  });

  it('lists bad input of the order with the reason, and keeps malformed events in the timeline', () => {
    const d = derive([
      delivery(body('Refunded')),
      delivery(body('Updated', move('PENDING', 'ACCEPTED', { PreparationEtaMinutes: 'x' }))),
    ]);
    expect(d.badInputs.map((b) => b.reason)).toEqual(['unknown event type "Refunded" (not one the service sends)', 'Updated: PreparationEtaMinutes "x" is not a number of minutes']);
    expect(d.events.map((e) => e.type)).toEqual(['Updated']);
    expect(d.events[0]!.problems).toHaveLength(1);
    expect(d.summary.shipping).toBeNull();
    expect(d.summary.badInputs).toBe(2);
  });
});

describe('groupByOrder', () => {
  it('groups a number and a string order id together, and lists orderless deliveries apart', () => {
    const g = groupByOrder([
      delivery(body('Created', null, 42)),
      delivery(body('SuccessPayment', {}, '42')),
      delivery(body('Created', null, 'other')),
      delivery('not json'),
      delivery(JSON.stringify({ type: 'Created' })),
    ]);
    expect([...g.orders.keys()]).toEqual(['42', 'other']);
    expect(g.orders.get('42')).toHaveLength(2);
    expect(g.unassigned.map((b) => b.reason)).toEqual(['the body is not JSON', 'the event has no orderId']);
  });
});

describe('bad input is said once per event', () => {
  it('a received delivery and its history copy with an unknown type give one bad input, by the received one', () => {
    const text = body('Refunded');
    const d = derive([delivery(text, { eventId: 9, source: 'history', id: 9 }), delivery(text, { eventId: 9, id: 500 })]);
    expect(d.badInputs).toEqual([expect.objectContaining({ delivery: { source: 'live', id: 500 }, eventId: 9 })]);
  });
  it('orderless copies are listed apart once', () => {
    const g = groupByOrder([delivery('not json', { eventId: 4 }), delivery('not json', { eventId: 4, source: 'history' })]);
    expect(g.unassigned).toHaveLength(1);
  });
});

describe('deriveOrder: unverified deliveries never change what verified ones mean', () => {
  // Unsigned deliveries carrying the next two event ids arrive before the service's real ones.
  const forged = [
    delivery(body('SuccessPayment', {}), { eventId: 9, created: 0, arrived: 1, trust: 'unverified' }),
    delivery(body('Finalized'), { eventId: 10, created: 30, arrived: 2, trust: 'unverified' }),
  ];
  const real = [
    delivery(body('Created'), { eventId: 9, created: 0, arrived: 5, trust: 'verified' }),
    delivery(body('Cancelled'), { eventId: 10, created: 10, arrived: 6, trust: 'verified' }),
  ];

  it('derives the states from the verified events and keeps the forged ones apart, flagged', () => {
    const d = derive([...forged, ...real]);
    expect(d.summary).toMatchObject({ status: 'CANCELLED', payment: 'none', unverifiedOnly: false, events: 4 });
    const shown = d.events.map((e) => [e.type, e.signature, e.copies]);
    expect(shown).toEqual(expect.arrayContaining([['Created', 'verified', 1], ['Cancelled', 'verified', 1], ['SuccessPayment', 'unverified', 1], ['Finalized', 'unverified', 1]]));
    expect(d.flags.map((f) => f.kind)).toEqual(['unverified', 'unverified']);
    expect(d.flags[0]!.message).toContain('unverified copy of event 9');
    expect(d.orderPath.map((p) => p.status)).toEqual(['PENDING', 'CANCELLED']);
  });

  it('an order whose only evidence is unverified says so', () => {
    const d = derive(forged);
    expect(d.summary.unverifiedOnly).toBe(true);
    expect(d.flags.filter((f) => f.kind === 'unverified').map((f) => f.message)).toEqual([
      expect.stringContaining('rest only on unverified deliveries'),
      expect.stringContaining('rest only on unverified deliveries'),
    ]);
  });

  it('takes the order type and reference from verified deliveries, never from a forged one that came first', () => {
    const forgedType = delivery(JSON.stringify({ orderId: 'ord-1', orderReference: 'forged-ref', orderType: 'FULL', description: 'x', level: 'Info', type: 'Created', metadata: null }), {
      eventId: 9,
      created: 0,
      arrived: 1,
      trust: 'unverified',
    });
    const d = derive([forgedType, ...real]);
    expect(d.summary).toMatchObject({ orderType: 'FASTLINK_CHARGE', orderReference: 'ref-1' });
    // With nothing verified, the unverified deliveries are all there is (and the order says so).
    expect(derive([forgedType]).summary).toMatchObject({ orderType: 'FULL', orderReference: 'forged-ref', unverifiedOnly: true });
  });

  it('with no key configured (unchecked), copies count together as before', () => {
    const d = derive([...forged, ...real].map((x) => ({ ...x, trust: 'unchecked' as const })));
    expect(d.summary.unverifiedOnly).toBe(false);
    expect(d.events).toHaveLength(2);
    expect(d.events.every((e) => e.signature === 'unchecked' && e.copies === 2)).toBe(true);
  });
});

