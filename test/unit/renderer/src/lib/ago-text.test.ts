import { describe, expect, it } from 'vitest';
import { agoText } from '../../../../../renderer/src/lib/format';

describe('agoText', () => {
  it('says the age of a result kept on screen', () => {
    const at = '2026-11-26T12:00:00.000Z';
    const ms = Date.parse(at);
    expect(agoText(at, ms + 5_000)).toBe('just now');
    expect(agoText(at, ms + 9 * 60_000)).toBe('9 min ago');
    expect(agoText(at, ms + 3 * 3_600_000)).toBe('3 h ago');
    expect(agoText(at, ms + 72 * 3_600_000)).toBe('3 days ago');
  });
});
