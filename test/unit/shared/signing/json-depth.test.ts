import { describe, expect, it } from 'vitest';
import { MAX_PARSED_JSON_DEPTH, tooDeepToParse } from '../../../../shared/signing/json-depth';
import { restoredBodies } from '../../../../shared/signing/diagnose';
import { inspectBody } from '../../../../electron/features/live/listener/inspect';

const enc = new TextEncoder();
// An event over 16 KiB (padding in a string) whose "x" nests `depth` levels in all.
const nested = (depth: number, padding = 20_000) =>
  `{"type":"Created","pad":"${'p'.repeat(padding)}","x":${'['.repeat(depth - 1)}${']'.repeat(depth - 1)}}`;

describe('tooDeepToParse', () => {
  it('counts objects and arrays, not brackets inside strings or after escaped quotes', () => {
    expect(tooDeepToParse(enc.encode(nested(MAX_PARSED_JSON_DEPTH)))).toBe(false);
    expect(tooDeepToParse(enc.encode(nested(MAX_PARSED_JSON_DEPTH + 1)))).toBe(true);
    expect(tooDeepToParse(nested(MAX_PARSED_JSON_DEPTH + 1))).toBe(true);
    expect(tooDeepToParse(`{"a":"${'[{'.repeat(10_000)} \\" ${'[{'.repeat(10_000)}"}`)).toBe(false);
  });

  it('leaves small bodies to the parser whatever their shape', () => {
    expect(tooDeepToParse(nested(200, 0))).toBe(false);
  });

  it('keeps large, deeply nested bodies away from the parsers: table fields from a bounded scan, no re-serialisation variants', () => {
    expect(inspectBody(enc.encode(nested(MAX_PARSED_JSON_DEPTH))).fields.eventType).toBe('Created');
    // Too deep to parse: the top level is scanned instead, so the type is still read.
    expect(inspectBody(enc.encode(nested(MAX_PARSED_JSON_DEPTH + 1))).fields.eventType).toBe('Created');
    expect(restoredBodies(enc.encode(nested(MAX_PARSED_JSON_DEPTH))).length).toBeGreaterThan(0);
    expect(restoredBodies(enc.encode(nested(MAX_PARSED_JSON_DEPTH + 1)))).toEqual([]);
  });
});
