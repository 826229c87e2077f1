import { describe, expect, it } from 'vitest';
import { locateJson } from '../../../../shared/replay/json-locations';

describe('locateJson', () => {
  it('reads the same values as JSON.parse and places every key', () => {
    const text = '{\r\n  "a" : [1, -2.5e3, true, null, {"b\\"c": "ü\\n"}],\n\t"d": {}\n}  ';
    const root = locateJson(text);
    expect(root?.kind).toBe('object');
    if (root?.kind !== 'object') return;
    expect(root.properties.map((p) => p.key)).toEqual(['a', 'd']);
    const [a, d] = root.properties;
    expect(text.slice(a!.keyOffset, a!.keyOffset + a!.keyLength)).toBe('"a"');
    expect(text.slice(d!.keyOffset, d!.keyOffset + d!.keyLength)).toBe('"d"');
    const items = a!.value.kind === 'array' ? a!.value.items : [];
    expect(items.map((i) => (i.kind === 'scalar' ? i.value : i.kind))).toEqual([1, -2500, true, null, 'object']);
    const inner = items[4]!;
    expect(inner.kind === 'object' && inner.properties[0]!.key).toBe('b"c');
  });

  it('gives null for text that is not strict JSON, and for nesting beyond the parse limit', () => {
    for (const bad of ['', '{', '{"a":1,}', "{'a':1}", '[1] x', '{"a":01}', '"\u0001"', '\uFEFF{}']) expect(locateJson(bad)).toBeNull();
    expect(locateJson('['.repeat(70) + ']'.repeat(70))).toBeNull();
    expect(locateJson('['.repeat(20) + ']'.repeat(20))).not.toBeNull();
  });
});
