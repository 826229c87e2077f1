import { describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { ProbeKey } from '../../../../../../electron/features/live/probe/probe-webhook';
import { ProbeTickets } from '../../../../../../electron/features/live/probe/probe-tickets';
import { answerProbe, probeSignature } from '../../../../../../electron/features/live/probe/probe-answer';
import { WebhookEventSchema } from '../../../../../../shared/service/webhooks';

const sha256 = (body: Uint8Array) => createHash('sha256').update(body).digest('hex');

function issuedTo(tickets: ProbeTickets, now?: () => number): ProbeKey {
  return new ProbeKey(now, (ticket) => tickets.add(ticket));
}

describe('a probe is a webhook like the service\'s', () => {
  it('has the service\'s headers in its order, its user agent and an event of its shape, with nothing of Hooklab', () => {
    const probe = new ProbeKey().issue();
    expect(probe.headers.map(([name]) => name)).toEqual(['Content-Type', 'User-Agent', 'X-Svc-Hmac-Sha256', 'X-Svc-Event-Id', 'X-Svc-Event-Created']);
    expect(Object.fromEntries(probe.headers)['User-Agent']).toBe('Svc-Webhooks/1.0');
    expect(Object.fromEntries(probe.headers)['X-Svc-Event-Id']).toMatch(/^\d+$/);
    expect(WebhookEventSchema.strict().parse(JSON.parse(probe.body.toString('utf8')))).toMatchObject({ type: 'Created', level: 'Info' });
    const everything = `${probe.headers.flat().join('\n')}\n${probe.body.toString('utf8')}`;
    expect(everything.toLowerCase()).not.toContain('hooklab');
    expect(everything.toLowerCase()).not.toContain('probe');
  });

  it('differs every time, so no relay can learn one', () => {
    const key = new ProbeKey();
    const a = key.issue();
    const b = key.issue();
    expect(a.body.equals(b.body)).toBe(false);
    expect(a.ticket.signature).not.toBe(b.ticket.signature);
  });
});

describe('the listener knows a probe by its signature alone', () => {
  it('answers an issued probe once, with a proof only this run\'s key makes', () => {
    const tickets = new ProbeTickets();
    const key = issuedTo(tickets);
    const probe = key.issue();
    const headers = Object.fromEntries(probe.headers.map(([n, v]) => [n.toLowerCase(), v]));
    const signature = probeSignature(headers, tickets)!;
    expect(signature).toBe(probe.ticket.signature);
    const reply = answerProbe(signature, probe.body, tickets)!;
    expect(reply.status).toBe(200);
    expect(key.isProof(signature, reply.body.trim())).toBe(true);
    expect(new ProbeKey().isProof(signature, reply.body.trim())).toBe(false);
    // Used: the same request again is an ordinary delivery.
    expect(answerProbe(signature, probe.body, tickets)).toBeNull();
  });

  it('treats a signature it did not issue, or an issued one over another body, as a delivery', () => {
    const tickets = new ProbeTickets();
    const probe = issuedTo(tickets).issue();
    expect(probeSignature({ 'x-svc-hmac-sha256': new ProbeKey().issue().ticket.signature }, tickets)).toBeNull();
    expect(probeSignature({}, tickets)).toBeNull();
    expect(answerProbe(probe.ticket.signature, Buffer.from('{"type":"Created"}'), tickets)).toBeNull();
    expect(tickets.redeem(probe.ticket.signature, sha256(probe.body))).not.toBeNull();
  });

  it('forgets a probe that did not arrive within its lifetime', () => {
    let now = 1_000;
    const tickets = new ProbeTickets(() => now);
    const probe = issuedTo(tickets, () => now).issue();
    now += 61_000;
    expect(tickets.redeem(probe.ticket.signature, sha256(probe.body))).toBeNull();
  });
});
