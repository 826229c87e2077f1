import { describe, expect, it } from 'vitest';
import { utf8CutAt } from '../../../../shared/text/utf8';

describe('utf8CutAt', () => {
  const bytes = new TextEncoder().encode('aé€😀'); // 1 + 2 + 3 + 4 bytes

  it('moves a cut inside a character back to its start', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map((end) => utf8CutAt(bytes, end))).toEqual([1, 1, 3, 3, 3, 6, 6, 6, 6, 10]);
  });

  it('keeps cuts at the ends, and beyond the end is the end', () => {
    expect(utf8CutAt(bytes, 0)).toBe(0);
    expect(utf8CutAt(bytes, 99)).toBe(10);
  });

  it('never moves more than three bytes on bytes that are not UTF-8', () => {
    expect(utf8CutAt(new Uint8Array(10).fill(0x80), 8)).toBe(5);
  });
});
