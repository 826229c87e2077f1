import { describe, expect, it } from 'vitest';
import { verifySignature, type KnownKey } from '../../../../shared/signing/diagnose';
import { hexEncode, hmacBytes, signBody } from '../../../../shared/signing';
import { nodeHmac } from '../../../../electron/services/platform/node-hmac';

const enc = new TextEncoder();
const compact = '{"orderId":"o-1","orderType":"FULL","description":"d","level":"Info","type":"Created","metadata":null}';
const current: KnownKey = { id: 'new', value: 'key-new', accepted: true };
const earlier: KnownKey = { id: 'old', value: 'key-old', accepted: true };
const retired: KnownKey = { id: 'gone', value: 'key-gone', accepted: false };

const verify = (body: string | Uint8Array, signature: string | undefined, keys: KnownKey[] = [current]) =>
  verifySignature({ hmac: nodeHmac, body: typeof body === 'string' ? enc.encode(body) : body, signature, keys });

describe('verifySignature', () => {
  it('accepts the Base64 HMAC of the raw bytes under the current key', () => {
    expect(verify(compact, signBody(nodeHmac, 'key-new', compact))).toEqual({ outcome: 'valid', keyId: 'new', diagnosis: null });
  });

  it('accepts an earlier key that is still accepted during a rotation', () => {
    const r = verify(compact, signBody(nodeHmac, 'key-old', compact), [current, earlier]);
    expect(r).toMatchObject({ outcome: 'valid', keyId: 'old' });
  });

  it('verifies non-UTF-8 bodies byte for byte', () => {
    const body = new Uint8Array([0xff, 0xfe, 0x00, 0x80, 0x7b]);
    expect(verify(body, signBody(nodeHmac, 'key-new', body)).outcome).toBe('valid');
  });

  it('reports a missing header and a missing key', () => {
    expect(verify(compact, undefined).outcome).toBe('missing');
    expect(verify(compact, 'abc', []).outcome).toBe('no-key');
    expect(verify(compact, 'abc', [retired]).outcome).toBe('no-key');
  });

  it('diagnoses a retired key', () => {
    const r = verify(compact, signBody(nodeHmac, 'key-gone', compact), [current, retired]);
    expect(r.outcome).toBe('invalid');
    expect(r.diagnosis?.kind).toBe('earlier-key');
    expect(r.keyId).toBe('gone');
  });

  it('diagnoses a hex signature (either case)', () => {
    const hex = hexEncode(hmacBytes(nodeHmac, 'key-new', enc.encode(compact)));
    expect(verify(compact, hex).diagnosis?.kind).toBe('hex-encoded');
    expect(verify(compact, hex.toUpperCase()).diagnosis?.kind).toBe('hex-encoded');
  });

  it('diagnoses a body re-serialised with indentation', () => {
    const pretty = JSON.stringify(JSON.parse(compact), null, 2);
    const r = verify(pretty, signBody(nodeHmac, 'key-new', compact));
    expect(r.diagnosis?.kind).toBe('re-serialised');
    expect(r.diagnosis?.message).toMatch(/re-serialised on the way: indentation added/);
  });

  it('diagnoses line endings changed to CRLF', () => {
    const original = '{\n  "a": 1\n}\n';
    const r = verify(original.replace(/\n/g, '\r\n'), signBody(nodeHmac, 'key-new', original));
    expect(r.diagnosis?.kind).toBe('re-serialised');
    expect(r.diagnosis?.message).toMatch(/LF/);
  });

  it('falls back to wrong key', () => {
    const r = verify(compact, signBody(nodeHmac, 'someone-else', compact));
    expect(r).toMatchObject({ outcome: 'invalid', keyId: null, diagnosis: { kind: 'wrong-key' } });
  });

  it('says a body over the limit or cut off cannot be verified, which is not invalid', () => {
    const over = verifySignature({ hmac: nodeHmac, body: enc.encode('{'), signature: 'x', keys: [current], truncation: 'over-limit' });
    expect(over).toMatchObject({ outcome: 'unverifiable', diagnosis: { kind: 'body-truncated' } });
    expect(over.diagnosis?.message).toMatch(/^Cannot verify: body over the limit/);
    const cut = verifySignature({ hmac: nodeHmac, body: enc.encode('{'), signature: 'x', keys: [current], truncation: 'cut-off' });
    expect(cut).toMatchObject({ outcome: 'unverifiable', diagnosis: { kind: 'body-cut-off' } });
  });
});
