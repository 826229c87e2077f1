import { describe, expect, it } from 'vitest';
import { MAX_SCALAR_BYTES, readTopLevelScalars } from '../../../../shared/json/top-level-fields';

const enc = new TextEncoder();
const scan = (text: string, names: readonly string[] = ['type', 'orderId']) => readTopLevelScalars(enc.encode(text), names);

describe('readTopLevelScalars', () => {
  it('reads the named scalar members wherever they are, skipping nested values', () => {
    const body = JSON.stringify({ metadata: { type: 'nested', list: [1, '}', { a: ']' }] }, type: 'Created', orderId: 42, level: 'Info' });
    expect(scan(body, ['type', 'orderId', 'level', 'metadata'])).toEqual({ type: 'Created', orderId: 42, level: 'Info', metadata: undefined });
  });

  it('agrees with JSON.parse on escapes, literals, numbers and repeated names', () => {
    const body = '{ "t\\u0079pe" : "Pay\\"ment\\u00f3" , "a": true, "b": null, "c": -1.5e3, "type2": false, "orderId": "x", "orderId": "y" }';
    const parsed = JSON.parse(body) as Record<string, unknown>;
    expect(scan(body, ['type', 'a', 'b', 'c', 'orderId'])).toEqual({ type: parsed['type'], a: true, b: null, c: -1500, orderId: 'y' });
  });

  it('gives undefined for a string value too long to be a field, and leaves absent names out', () => {
    const long = 'x'.repeat(MAX_SCALAR_BYTES + 1);
    expect(scan(JSON.stringify({ type: long, other: 1 }))).toEqual({ type: undefined });
  });

  it('refuses what is not a JSON object', () => {
    for (const text of ['', '[1]', '"type"', 'hello', '{"type":"A"', '{"type":"A"} x', '{"type":"A",}', '{"type" "A"}', '{"type":tru}', '{"m":[1}', '{"m":{"a":1]}', '{"type":"a\nb"}', '{"m":"unterminated}']) {
      expect(scan(text), text).toBeNull();
    }
  });

  it('refuses a named member that is not UTF-8, and reads an empty object', () => {
    expect(readTopLevelScalars(new Uint8Array([0x7b, 0x22, 0x74, 0x79, 0x70, 0x65, 0x22, 0x3a, 0x22, 0xff, 0x22, 0x7d]), ['type'])).toBeNull();
    expect(scan(' { } ')).toEqual({});
  });

  it('walks nesting far deeper than JSON.parse could without recursing', () => {
    const depth = 1_000_000;
    const body = `{"metadata":${'['.repeat(depth)}${']'.repeat(depth)},"type":"Deep"}`;
    expect(scan(body)).toEqual({ type: 'Deep' });
  });
});
