import { describe, expect, it } from 'vitest';
import { deriveShipping, judgeShippingMove, SHIPPING_PATH } from '../../../../shared/sequences';
import { SHIPPING_STATUSES, type ShippingStatus } from '../../../../shared/service';

/** Every pair of shipping statuses (see docs/service.md#shipping-status) and the verdict the spec gives it. */
function expected(from: ShippingStatus, to: ShippingStatus): string {
  if (['SCHEDULED', 'REJECTED'].includes(from) || ['SCHEDULED', 'REJECTED'].includes(to)) return 'unspecified';
  const step = SHIPPING_PATH.indexOf(to) - SHIPPING_PATH.indexOf(from);
  return step === 1 ? 'ok' : step > 1 ? 'skipped' : 'illegal';
}

describe('judgeShippingMove: every move between 3.4 statuses', () => {
  it('accepts exactly the five moves of the table', () => {
    const ok = SHIPPING_STATUSES.flatMap((from) => SHIPPING_STATUSES.filter((to) => judgeShippingMove(from, to) === 'ok').map((to) => `${from}>${to}`));
    expect(ok).toEqual(['PENDING>ACCEPTED', 'ACCEPTED>READY', 'READY>DISPATCHED', 'DISPATCHED>ON_ITS_WAY', 'ON_ITS_WAY>DELIVERED']);
  });
  for (const from of SHIPPING_STATUSES)
    for (const to of SHIPPING_STATUSES)
      it(`${from} → ${to} is ${expected(from, to)}`, () => expect(judgeShippingMove(from, to)).toBe(expected(from, to)));
  it('spot checks: a jump is skipped, a step back or a stay is illegal, SCHEDULED/REJECTED are unspecified', () => {
    expect(judgeShippingMove('PENDING', 'DISPATCHED')).toBe('skipped');
    expect(judgeShippingMove('DELIVERED', 'ON_ITS_WAY')).toBe('illegal');
    expect(judgeShippingMove('READY', 'READY')).toBe('illegal');
    expect(judgeShippingMove('PENDING', 'SCHEDULED')).toBe('unspecified');
    expect(judgeShippingMove('REJECTED', 'ACCEPTED')).toBe('unspecified');
  });
});

const up = (key: string, from: ShippingStatus, to: ShippingStatus, etaMinutes: number | null = null) => ({ key, move: { from, to, etaMinutes } });

describe('deriveShipping', () => {
  it('walks the whole path with no flag', () => {
    const r = deriveShipping([up('a', 'PENDING', 'ACCEPTED', 25), up('b', 'ACCEPTED', 'READY'), up('c', 'READY', 'DISPATCHED'), up('d', 'DISPATCHED', 'ON_ITS_WAY'), up('e', 'ON_ITS_WAY', 'DELIVERED')]);
    expect(r.status).toBe('DELIVERED');
    expect(r.flags).toEqual([]);
    expect(r.steps.map((s) => s.verdict)).toEqual(['ok', 'ok', 'ok', 'ok', 'ok']);
    expect(r.steps[0]!.etaMinutes).toBe(25);
  });

  it('has no status without Updated events', () => {
    expect(deriveShipping([])).toEqual({ status: null, steps: [], flags: [] });
  });

  it('flags a skipped step with the states it jumped over', () => {
    const r = deriveShipping([up('a', 'PENDING', 'DISPATCHED')]);
    expect(r.status).toBe('DISPATCHED');
    expect(r.flags).toEqual([{ kind: 'skipped-step', eventKeys: ['a'], message: expect.stringContaining('skipping ACCEPTED, READY') }]);
  });

  it('flags a move backwards as illegal, naming the event before it', () => {
    const r = deriveShipping([up('a', 'PENDING', 'ACCEPTED'), up('b', 'ACCEPTED', 'PENDING')]);
    expect(r.flags).toEqual([{ kind: 'illegal-transition', eventKeys: ['b', 'a'], message: expect.stringContaining('backwards') }]);
  });

  it('flags a PreviousStatus that is not the status the order was in, once', () => {
    const r = deriveShipping([up('a', 'PENDING', 'ACCEPTED'), up('b', 'READY', 'DISPATCHED'), up('c', 'DISPATCHED', 'ON_ITS_WAY')]);
    expect(r.flags).toEqual([{ kind: 'illegal-transition', eventKeys: ['b', 'a'], message: expect.stringContaining('but the order was ACCEPTED') }]);
    expect(r.steps.map((s) => [s.was, s.verdict])).toEqual([['PENDING', 'ok'], ['ACCEPTED', 'illegal'], ['DISPATCHED', 'ok']]);
    expect(r.status).toBe('ON_ITS_WAY');
  });

  it('shows moves into and out of SCHEDULED and REJECTED without judging them', () => {
    const r = deriveShipping([up('a', 'PENDING', 'SCHEDULED'), up('b', 'SCHEDULED', 'ACCEPTED'), up('c', 'ACCEPTED', 'REJECTED')]);
    expect(r.flags.map((f) => f.kind)).toEqual(['unspecified-transition', 'unspecified-transition', 'unspecified-transition']);
    expect(r.flags[0]!.message).toContain('shown, not judged');
    expect(r.status).toBe('REJECTED');
  });
});
