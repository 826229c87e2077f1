import { describe, expect, it } from 'vitest';
import { exactBytes, groupedDigits, overCapMessage } from '../../../../shared/text/bytes';

describe('byte counts', () => {
  it('groups digits without depending on the locale', () => {
    expect(groupedDigits(0)).toBe('0');
    expect(groupedDigits(999)).toBe('999');
    expect(groupedDigits(20_971_521)).toBe('20,971,521');
  });

  it('says the exact count, with the size for people above a KiB', () => {
    expect(exactBytes(1)).toBe('1 byte');
    expect(exactBytes(512)).toBe('512 bytes');
    expect(exactBytes(2048)).toBe('2,048 bytes (2 KiB)');
    expect(exactBytes(20 * 1024 * 1024)).toBe('20,971,520 bytes (20 MiB)');
    expect(exactBytes(20 * 1024 * 1024 + 1)).toBe('20,971,521 bytes (20.0 MiB)');
  });

  it('says by how much a body is over a cap, in bytes, even when it is one byte', () => {
    expect(overCapMessage('the body', 20 * 1024 * 1024 + 1, 20 * 1024 * 1024, 'cap')).toBe(
      'the body is 20,971,521 bytes (20.0 MiB), 1 byte over the cap of 20,971,520 bytes (20 MiB)',
    );
    expect(overCapMessage('the body', 4096, 2048)).toBe('the body is 4,096 bytes (4 KiB), 2,048 bytes over the cap of 2,048 bytes (2 KiB)');
  });
});
