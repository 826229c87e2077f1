import { describe, expect, it } from 'vitest';
import { ftsMatchQuery, MAX_SEARCH_TERMS, searchTerms } from '../../../../shared/search/search-terms';

describe('search terms', () => {
  it('splits like the index does: letters and digits, lower-cased', () => {
    expect(searchTerms('Buyer@Example.com')).toEqual(['buyer', 'example', 'com']);
    expect(searchTerms('Zoë 42')).toEqual(['zoë', '42']);
  });

  it('makes one phrase whose last term is a prefix, and nothing from punctuation alone', () => {
    expect(ftsMatchQuery('coupon: SPRING')).toBe('"coupon spring"*');
    expect(ftsMatchQuery('"OR" NEAR(')).toBe('"or near"*');
    expect(ftsMatchQuery(' -- ')).toBeNull();
  });

  it('caps a pasted body at a bounded number of terms', () => {
    expect(searchTerms('a '.repeat(500))).toHaveLength(MAX_SEARCH_TERMS);
  });
});
