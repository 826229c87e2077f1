import { describe, expect, it } from 'vitest';
import { applySetOverrides, parseSetOverride } from '../../../../../electron/hosts/cli/values/set-overrides';
import { checkExpectation, parseExpectation } from '../../../../../electron/hosts/cli/values/expectations';
import { seededShuffle } from '../../../../../shared/flows/send-order';
import { parseSince } from '../../../../../electron/hosts/kit/since';
import { terminalSafe } from '../../../../../electron/hosts/cli/framework/terminal-text';

const doc = { orderId: '1', metadata: { amount: 10, paid: true, note: null, items: [{ quantity: '2' }] } };

describe('--set overrides', () => {
  it('replaces values by path, array indexes included, typed as the value they replace', () => {
    const out = applySetOverrides(doc, ['metadata.amount=99.5', 'metadata.paid=false', 'metadata.items[0].quantity=7', 'metadata.note={"a":1}'].map(parseSetOverride));
    expect(out.metadata).toEqual({ amount: 99.5, paid: false, note: { a: 1 }, items: [{ quantity: '7' }] });
    expect(doc.metadata.amount).toBe(10); // the template itself is untouched
  });

  it('refuses a path the document does not have, naming the missing part', () => {
    expect(() => applySetOverrides(doc, [parseSetOverride('metadata.items[3].quantity=1')])).toThrow(/no metadata\.items\[3\]/);
    expect(() => applySetOverrides(doc, [parseSetOverride('metadata.amout=1')])).toThrow(/no metadata\.amout/);
  });

  it('refuses a value of the wrong type and a malformed override', () => {
    expect(() => applySetOverrides(doc, [parseSetOverride('metadata.amount=lots')])).toThrow(/not a number/);
    expect(() => parseSetOverride('metadata.amount')).toThrow(/path=value/);
  });
});

describe('--expect', () => {
  it('compares the state at a path, numbers and their text alike, and says the difference', () => {
    const state = { orders: { '9': { payments: 2, shipping: 'DELIVERED' } } };
    expect(checkExpectation(state, parseExpectation('orders.9.shipping=DELIVERED'))).toBeNull();
    expect(checkExpectation(state, parseExpectation('orders.9.payments=1'))).toBe('orders.9.payments: expected 1, got 2');
    expect(checkExpectation(state, parseExpectation('orders.8.payments=1'))).toMatch(/the state has no orders\.8\.payments/);
  });
});

describe('small values', () => {
  it('shuffles the same way for the same seed', () => {
    const items = Array.from({ length: 20 }, (_, i) => i);
    expect(seededShuffle(items, 7)).toEqual(seededShuffle(items, 7));
    expect(seededShuffle(items, 7)).not.toEqual(items);
    expect([...seededShuffle(items, 7)].sort((a, b) => a - b)).toEqual(items);
  });

  it('reads --since as a duration or an ISO time', () => {
    expect(parseSince('15m', 1_000_000_000)).toBe(1_000_000_000 - 900_000);
    expect(parseSince('2026-01-15T14:30:00Z', 0)).toBe(Date.parse('2026-01-15T14:30:00Z'));
    expect(() => parseSince('yesterday', 0)).toThrow(/give a duration/);
  });

  it('keeps a sender\'s text from driving the terminal (escape sequences) and bounds it', () => {
    expect(terminalSafe('Paid\u001b[2J\u001b]0;owned\u0007')).toBe('Paid\\x1b[2J\\x1b]0;owned\\x07');
    expect(terminalSafe('x'.repeat(500), 10)).toHaveLength(10);
  });
});

describe('--expect paths are chaos replay\'s state paths', () => {
  it('{orderId} is the scenario\'s order', () => {
    const state = { orders: { '900001': { payments: 1 } } };
    expect(checkExpectation(state, parseExpectation('orders.{orderId}.payments=1'), '900001')).toBeNull();
    expect(checkExpectation(state, parseExpectation('orders.{orderId}.payments=1'), '7')).toBe('orders.7.payments: expected 1, the state has no orders.7.payments');
  });
});
