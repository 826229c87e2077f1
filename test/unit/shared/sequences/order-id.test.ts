import { describe, expect, it } from 'vitest';
import { normaliseOrderId } from '../../../../shared/sequences';

describe('normaliseOrderId', () => {
  it('makes the same key of a number and a string', () => {
    expect(normaliseOrderId(1234)).toBe('1234');
    expect(normaliseOrderId('1234')).toBe('1234');
    expect(normaliseOrderId(' 1234 ')).toBe('1234');
  });
  it('keeps non-numeric ids as they are', () => {
    expect(normaliseOrderId('ord-A7')).toBe('ord-A7');
  });
  it('has no key for missing, empty or non-scalar ids', () => {
    for (const v of [undefined, null, '', '   ', {}, [], true, Number.NaN, Number.POSITIVE_INFINITY]) expect(normaliseOrderId(v)).toBeNull();
  });
});
