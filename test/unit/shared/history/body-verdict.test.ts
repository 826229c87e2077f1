import { describe, expect, it } from 'vitest';
import { compareBodies } from '../../../../shared/history/body-verdict';

const bytes = (s: string) => new TextEncoder().encode(s);

describe('compareBodies', () => {
  it('says identical for the same bytes', () => {
    expect(compareBodies(bytes('{"a":1}'), bytes('{"a":1}'))).toBe('identical');
  });
  it('says whitespace-only when only whitespace outside strings differs', () => {
    expect(compareBodies(bytes('{"a":1,"b":[1,2]}'), bytes('{\n  "a": 1,\r\n\t"b": [ 1, 2 ]\n}'))).toBe('whitespace-only');
  });
  it('says differs when whitespace inside a string differs', () => {
    expect(compareBodies(bytes('{"a":"x y"}'), bytes('{"a":"x  y"}'))).toBe('differs');
  });
  it('keeps escaped quotes inside strings', () => {
    expect(compareBodies(bytes('{"a":"q\\" x"}'), bytes('{ "a" : "q\\" x" }'))).toBe('whitespace-only');
    expect(compareBodies(bytes('{"a":"q\\" x"}'), bytes('{"a":"q\\"x"}'))).toBe('differs');
  });
  it('says differs for different values or key order', () => {
    expect(compareBodies(bytes('{"a":1}'), bytes('{"a":2}'))).toBe('differs');
    expect(compareBodies(bytes('{"a":1,"b":2}'), bytes('{"b":2,"a":1}'))).toBe('differs');
  });
});
