import { describe, expect, it } from 'vitest';
import { jsonNesting, whyNotPretty } from '../../../../shared/text/json-nesting';
import { neutraliseBidi } from '../../../../shared/text/bidi';

const nested = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);

describe('jsonNesting', () => {
  it('finds the depth without parsing, ignoring brackets inside strings', () => {
    expect(jsonNesting('{"a":[1,{"b":"[[[[{{{"}]}').depth).toBe(3);
    expect(jsonNesting(nested(7_800)).depth).toBe(7_800);
  });

  it('estimates the pretty form from above', () => {
    for (const text of ['{"a":[1,2,{"b":null}],"c":"x,y"}', nested(50), JSON.stringify({ list: Array.from({ length: 100 }, (_, i) => ({ i })) })]) {
      expect(jsonNesting(text).prettyChars).toBeGreaterThanOrEqual(JSON.stringify(JSON.parse(text), null, 2).length);
    }
  });

  it('refuses a pretty view for a 16 KB body nested 7,800 deep, and says why', () => {
    const body = nested(7_800);
    expect(body.length).toBeLessThan(16 * 1024);
    expect(whyNotPretty(body)).toBe('nested 7,800 levels deep (the pretty view lays out at most 100): shown raw');
    expect(whyNotPretty('{"orderId":"o-1","type":"Created"}')).toBeNull();
  });

  it('lays out a flat 20 MB body (a big string adds no indentation) but not a shallow one of a million tiny members', () => {
    expect(whyNotPretty(`{"metadata":{"blob":"${'x'.repeat(20_000_000)}"},"type":"Created"}`)).toBeNull();
    const wide = `[${Array.from({ length: 1_000_000 }, () => '[0]').join(',')}]`;
    expect(whyNotPretty(wide)).toMatch(/^its pretty form would add \d+ MB of indentation \(at most 4 MB\): shown raw$/);
  });
});

describe('neutraliseBidi', () => {
  it('shows every bidi control as an inert code point', () => {
    expect(neutraliseBidi('a\u202Eb\u2066c\u2069d\u200Fe\u061C')).toBe('a[U+202E]b[U+2066]c[U+2069]d[U+200F]e[U+061C]');
    expect(neutraliseBidi('plain ümlaut ✓')).toBe('plain ümlaut ✓');
  });
});
