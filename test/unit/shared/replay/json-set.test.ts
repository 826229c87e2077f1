import { describe, expect, it } from 'vitest';
import { applyJsonSet, parseJsonPath } from '../../../../shared/replay/json-set';

const body = JSON.stringify({ orderId: '1', metadata: { PaidAmount: '10.00', orderDetail: [{ quantity: '1' }, { quantity: '3' }] } });

describe('applyJsonSet', () => {
  it('sets nested fields and array items by path, keeping the rest', () => {
    const out = JSON.parse(applyJsonSet(body, { 'metadata.PaidAmount': '99.00', 'metadata.orderDetail[1].quantity': '2', orderId: '42' }));
    expect(out).toEqual({ orderId: '42', metadata: { PaidAmount: '99.00', orderDetail: [{ quantity: '1' }, { quantity: '2' }] } });
  });

  it('may add a key to an existing object, and keeps indentation of an indented body', () => {
    const indented = JSON.stringify(JSON.parse(body), null, 2);
    const out = applyJsonSet(indented, { 'metadata.Extra': true });
    expect(out).toContain('\n  "metadata": {');
    expect(JSON.parse(out).metadata.Extra).toBe(true);
  });

  it('names the path that does not fit the body', () => {
    expect(() => applyJsonSet(body, { 'missing.field': 1 })).toThrow('set missing.field: the body has no "missing"');
    expect(() => applyJsonSet(body, { 'metadata.orderDetail[5].quantity': 1 })).toThrow('index 5 is past the end (length 2)');
    expect(() => applyJsonSet(body, { 'orderId[0]': 1 })).toThrow('not an array before [0]');
    expect(() => applyJsonSet('not json', { a: 1 })).toThrow('the body is not JSON');
    expect(() => applyJsonSet(body, { '__proto__.polluted': 1 })).toThrow('"__proto__" cannot be set');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('rejects malformed paths', () => {
    expect(parseJsonPath('a.b[0].c')).toEqual(['a', 'b', 0, 'c']);
    for (const bad of ['', '.a', 'a..b', 'a[x]', 'a[0', '[0]']) expect(() => parseJsonPath(bad)).toThrow(/not a path/);
  });
});
