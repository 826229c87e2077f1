import { describe, expect, it } from 'vitest';
import {
  bytesTitle,
  formatBytes,
  formatCount,
  formatTime,
  isoTitle,
} from '../../../../../renderer/src/lib/format';

describe('one format per kind of value', () => {
  it('groups counts by thousands', () => {
    expect(formatCount(5074)).toBe('5,074');
    expect(formatCount(100_000)).toBe('100,000');
    expect(formatCount(7)).toBe('7');
  });

  it('writes a time of today on a 24-hour clock, in the locale, and puts the date before other days', () => {
    const now = new Date(2026, 10, 26, 21, 0, 0);
    const today = new Date(2026, 10, 26, 19, 0, 43, 267).toISOString();
    const before = new Date(2026, 10, 20, 7, 5, 9).toISOString();
    expect(formatTime(today, { now, locale: 'en-US' })).toBe('19:00:43');
    expect(formatTime(today, { now, locale: 'en-US', ms: true })).toBe('19:00:43.267');
    expect(formatTime(today, { now, locale: 'en-GB' })).toBe('19:00:43');
    expect(formatTime(before, { now, locale: 'en-US' })).toBe('11/20/2026, 07:05:09');
    expect(formatTime(before, { now, locale: 'de-DE' })).toBe('20.11.2026, 07:05:09');
    expect(formatTime(null)).toBe('');
  });

  it('puts the full ISO instant in the hover title', () => {
    expect(isoTitle('2026-11-26T19:05:23.963Z')).toBe('2026-11-26T19:05:23.963Z');
    expect(isoTitle(undefined)).toBeUndefined();
  });

  it('writes byte sizes in KiB, MiB and GiB with the exact count on hover', () => {
    expect(formatBytes(812)).toBe('812 B');
    expect(formatBytes(2050)).toBe('2.0 KiB');
    expect(formatBytes(5_242_880)).toBe('5.0 MiB');
    expect(formatBytes(150 * 1024 * 1024)).toBe('150 MiB');
    expect(formatBytes(1024 ** 3)).toBe('1.0 GiB');
    expect(bytesTitle(5_242_880)).toBe('5,242,880 bytes');
  });
});
