import { describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { hexDump, printfFormat, toCurl } from '../../../../../renderer/src/lib/curl';

describe('toCurl', () => {
  it('keeps every message header, the signature included, and leaves connection headers to curl', () => {
    const cmd = toCurl({
      url: 'http://127.0.0.1:4780/hook',
      method: 'POST',
      headers: [['Host', 'x'], ['Content-Length', '2'], ['X-Svc-Hmac-Sha256', 'abc='], ['X-Quote', "it's"]],
      body: new TextEncoder().encode('{}'),
    });
    expect(cmd).toContain(`-H 'X-Svc-Hmac-Sha256: abc='`);
    expect(cmd).toContain(`-H 'X-Quote: it'\\''s'`);
    expect(cmd).not.toMatch(/Host:|Content-Length/);
  });

  it('writes any bytes, NUL included, exactly through printf', () => {
    const body = new Uint8Array([0x7b, 0x27, 0x5c, 0x25, 0x0a, 0x0d, 0x00, 0xff, 0xc3, 0xa9, 0x7d]);
    const out = execFileSync('bash', ['-c', `printf ${printfFormat(body)} | od -An -tx1`]).toString();
    expect(out.trim().split(/\s+/)).toEqual(['7b', '27', '5c', '25', '0a', '0d', '00', 'ff', 'c3', 'a9', '7d']);
    expect(toCurl({ url: 'http://x/', method: 'POST', headers: [], body })).toMatch(/^printf '.*' \| curl -X POST 'http:\/\/x\/' \\\n {2}--data-binary @-$/s);
  });
});

describe('hexDump', () => {
  it('prints offset, hex and printable ASCII', () => {
    expect(hexDump(new Uint8Array([0x41, 0x00, 0xff]))).toBe('00000000  41 00 ff' + ' '.repeat(39) + '  A..');
  });
});
