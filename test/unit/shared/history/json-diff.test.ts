import { describe, expect, it } from 'vitest';
import { canonicalJsonText, jsonChanges } from '../../../../shared/history/json-diff';

describe('jsonChanges', () => {
  it('ignores key order and reports changed, added and removed paths', () => {
    const left = { a: 1, b: { c: 'x', d: [1, 2] }, gone: true };
    const right = { b: { d: [1, 3, 4], c: 'x' }, a: 1, fresh: null };
    expect(jsonChanges(left, right)).toEqual([
      { path: '/b/d/1', kind: 'changed', left: 2, right: 3 },
      { path: '/b/d/2', kind: 'added', right: 4 },
      { path: '/fresh', kind: 'added', right: null },
      { path: '/gone', kind: 'removed', left: true },
    ]);
  });
  it('finds nothing between equal documents', () => {
    expect(jsonChanges({ a: [1, { b: 2 }] }, { a: [1, { b: 2 }] })).toEqual([]);
  });
  it('escapes slashes in keys', () => {
    expect(jsonChanges({ 'a/b': 1 }, { 'a/b': 2 })[0]?.path).toBe('/a~1b');
  });
});

describe('canonicalJsonText', () => {
  it('sorts keys and indents', () => {
    expect(canonicalJsonText('{"b":1,"a":{"d":2,"c":3}}').text).toBe('{\n  "a": {\n    "c": 3,\n    "d": 2\n  },\n  "b": 1\n}');
  });
  it('returns text that is not JSON unchanged', () => {
    expect(canonicalJsonText('not json')).toEqual({ text: 'not json', parsed: false });
  });
});
