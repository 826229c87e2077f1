import { describe, expect, it } from 'vitest';
import { base64ToBytes, hexDump } from '../../../../../renderer/src/lib/curl';

describe('hexDump', () => {
  it('prints offset, hex and printable ASCII', () => {
    expect(hexDump(new Uint8Array([0x41, 0x00, 0xff]))).toBe('00000000  41 00 ff' + ' '.repeat(39) + '  A..');
  });
});

describe('base64ToBytes', () => {
  it('gives the exact bytes, non-UTF-8 included', () => {
    expect(Array.from(base64ToBytes(Buffer.from([0x00, 0xff, 0xc3]).toString('base64')))).toEqual([0x00, 0xff, 0xc3]);
  });
});
