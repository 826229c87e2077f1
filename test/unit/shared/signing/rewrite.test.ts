import { describe, expect, it } from 'vitest';
import { describeRewrite } from '../../../../shared/signing/rewrite';

describe('what happened to a JSON body on the way', () => {
  const signed = '{"orderId":"42","metadata":{"Products":"Café","PaidAmount":"10.00"}}';

  it('names escaped characters, not whitespace, when the body never had any', () => {
    expect(describeRewrite(signed, signed.replace('é', '\\u00e9'))).toBe('characters escaped (\\u00e9 instead of é)');
    expect(describeRewrite(signed.replace('é', '\\u00e9'), signed)).toBe('escaped characters written out (é instead of \\u00e9)');
  });

  it('names whitespace added or removed', () => {
    expect(describeRewrite(signed, JSON.stringify(JSON.parse(signed), null, 2))).toBe('indentation added');
    expect(describeRewrite(JSON.stringify(JSON.parse(signed), null, 2), signed)).toBe('whitespace removed (written compactly)');
  });

  it('names reordered keys, with where', () => {
    const reordered = '{"orderId":"42","metadata":{"PaidAmount":"10.00","Products":"Café"}}';
    expect(describeRewrite(signed, reordered)).toBe('keys reordered (metadata: PaidAmount before Products)');
  });

  it('names changed values with their path and both values', () => {
    expect(describeRewrite(signed, signed.replace('10.00', '99.00'))).toBe('values changed: metadata.PaidAmount "10.00" → "99.00"');
  });

  it('says nothing for identical bodies or bodies that are not JSON', () => {
    expect(describeRewrite(signed, signed)).toBeNull();
    expect(describeRewrite('a', 'b')).toBeNull();
  });
});
