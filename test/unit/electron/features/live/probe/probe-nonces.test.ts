import { describe, expect, it } from 'vitest';
import { ProbeNonces } from '../../../../../../electron/features/live/probe/probe-nonces';
import { answerProbe } from '../../../../../../electron/features/live/probe/probe-answer';

describe('ProbeNonces', () => {
  it('redeems an issued nonce once, with the proof the prober expects', () => {
    const nonces = new ProbeNonces();
    const { nonce, signature } = nonces.issue();
    const proof = nonces.redeem(nonce, signature);
    expect(nonces.isProof(nonce, proof)).toBe(true);
    expect(nonces.redeem(nonce, signature)).toBeNull();
    expect(nonces.answered).toBe(1);
  });

  it('refuses a nonce not issued here, or signed with another key', () => {
    const nonces = new ProbeNonces();
    const other = new ProbeNonces().issue();
    expect(nonces.redeem(other.nonce, other.signature)).toBeNull();
    const { nonce } = nonces.issue();
    expect(nonces.redeem(nonce, other.signature)).toBeNull();
  });

  it('lets an unredeemed nonce expire', () => {
    let now = 0;
    const nonces = new ProbeNonces(() => now);
    const { nonce, signature } = nonces.issue();
    now = 61_000;
    expect(nonces.redeem(nonce, signature)).toBeNull();
  });
});

describe('answerProbe', () => {
  it('answers only requests carrying an issued, signed nonce', () => {
    const nonces = new ProbeNonces();
    const redeem = (n: string, s: string) => nonces.redeem(n, s);
    const { nonce, signature } = nonces.issue();
    expect(answerProbe({}, redeem)).toBeNull();
    expect(answerProbe({ 'x-hooklab-probe': 'made-up', 'x-hooklab-probe-signature': signature }, redeem)).toBeNull();
    const reply = answerProbe({ 'x-hooklab-probe': nonce, 'x-hooklab-probe-signature': signature }, redeem);
    expect(reply?.status).toBe(200);
    expect(nonces.isProof(nonce, reply!.headers['x-hooklab-probe-proof']!)).toBe(true);
  });
});
