import { describe, expect, it } from 'vitest';
import { ProbeNonces, ProbeTickets } from '../../../../../../electron/features/live/probe/probe-nonces';
import { answerProbe } from '../../../../../../electron/features/live/probe/probe-answer';

/** Nonces issued as the app issues them: each ticket handed to the listener's tickets. */
function issuedTo(tickets: ProbeTickets, now?: () => number): ProbeNonces {
  return new ProbeNonces(now, (ticket) => tickets.add(ticket));
}

describe('ProbeNonces and the listener\'s ProbeTickets', () => {
  it('redeems an issued nonce once, with the proof the prober expects', () => {
    const tickets = new ProbeTickets();
    const nonces = issuedTo(tickets);
    const { nonce, signature } = nonces.issue();
    const proof = tickets.redeem(nonce, signature);
    expect(nonces.isProof(nonce, proof)).toBe(true);
    expect(tickets.redeem(nonce, signature)).toBeNull();
    nonces.countAnswered(); // as the feature does when the listener's thread says it answered
    expect(nonces.answered).toBe(1);
  });

  it('refuses a nonce not issued here, or signed with another key', () => {
    const tickets = new ProbeTickets();
    const nonces = issuedTo(tickets);
    const other = new ProbeNonces().issue();
    expect(tickets.redeem(other.nonce, other.signature)).toBeNull();
    const { nonce } = nonces.issue();
    expect(tickets.redeem(nonce, other.signature)).toBeNull();
  });

  it('lets an unredeemed nonce expire', () => {
    let now = 0;
    const tickets = new ProbeTickets(() => now);
    const nonces = issuedTo(tickets, () => now);
    const { nonce, signature } = nonces.issue();
    now = 61_000;
    expect(tickets.redeem(nonce, signature)).toBeNull();
  });
});

describe('answerProbe', () => {
  it('answers only requests carrying an issued, signed nonce', () => {
    const tickets = new ProbeTickets();
    const nonces = issuedTo(tickets);
    const redeem = (n: string, s: string) => tickets.redeem(n, s);
    const { nonce, signature } = nonces.issue();
    expect(answerProbe({}, redeem)).toBeNull();
    expect(answerProbe({ 'x-hooklab-probe': 'made-up', 'x-hooklab-probe-signature': signature }, redeem)).toBeNull();
    const reply = answerProbe({ 'x-hooklab-probe': nonce, 'x-hooklab-probe-signature': signature }, redeem);
    expect(reply?.status).toBe(200);
    expect(nonces.isProof(nonce, reply!.headers['x-hooklab-probe-proof']!)).toBe(true);
  });
});
