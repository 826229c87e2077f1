import { describe, expect, it } from 'vitest';
import { BODY_LIMIT_BYTES, bodyNote, bodyView } from '../../../../../electron/hosts/mcp/tool-result';
import { parseSince } from '../../../../../electron/hosts/kit/since';

describe('bodyView', () => {
  it('keeps a small UTF-8 body whole, as text', () => {
    const text = '{"a":"ñ"}';
    const v = bodyView(Buffer.from(text).toString('base64'), text);
    expect(v).toEqual({ encoding: 'text', content: text, sizeBytes: Buffer.byteLength(text), truncated: false });
  });

  it('cuts a body over 64 KB and says its size, without a broken last character', () => {
    const text = 'é'.repeat(40_000); // 80,000 bytes
    const v = bodyView(Buffer.from(text).toString('base64'), text);
    expect(v.truncated).toBe(true);
    expect(v.sizeBytes).toBe(80_000);
    expect(Buffer.byteLength(v.content)).toBe(BODY_LIMIT_BYTES);
    expect(v.content).not.toContain('\uFFFD');
    expect(bodyNote(v)).toBe(`(body cut to the first ${BODY_LIMIT_BYTES} of 80000 bytes)`);
  });

  it('gives bytes that are not UTF-8 as Base64, cut as well', () => {
    const bytes = Buffer.alloc(70_000, 0xff);
    const v = bodyView(bytes.toString('base64'), null);
    expect(v.encoding).toBe('base64');
    expect(Buffer.from(v.content, 'base64').length).toBe(BODY_LIMIT_BYTES);
    expect(v.truncated).toBe(true);
  });
});

describe('parseSince', () => {
  const now = Date.parse('2026-01-15T12:00:00Z');
  it('reads durations and ISO times', () => {
    expect(parseSince('15m', now)).toBe(now - 15 * 60_000);
    expect(parseSince('2h', now)).toBe(now - 2 * 3_600_000);
    expect(parseSince('7d', now)).toBe(now - 7 * 86_400_000);
    expect(parseSince('2026-01-15T11:00:00Z', now)).toBe(now - 3_600_000);
  });
  it('says what it accepts', () => {
    expect(() => parseSince('yesterday', now)).toThrow(/give a duration \(30s, 15m, 2h, 3d\) or an ISO time/);
  });
  it('takes the terminal\'s rule: "1" is not the year 2001', () => {
    expect(() => parseSince('1', now)).toThrow(/give a duration/);
  });
});
