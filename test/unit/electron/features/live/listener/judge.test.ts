import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { judgeDelivery, type JudgeContext, type RawDelivery, headerPairs } from '../../../../../../electron/features/live/listener/judge';
import { nodeHmac } from '../../../../../../electron/services/platform/node-hmac';
import { signBody } from '../../../../../../shared/signing';

const body = Buffer.from('{"type":"Created","orderId":"o1","level":"Info"}');
const ok = { status: 200, delayMs: 0, body: '', hang: false };
const fail = { status: 500, delayMs: 0, body: 'no', hang: false };
const context: JudgeContext = {
  keys: [{ id: 'k1', value: 'secret', accepted: true }],
  answers: { answer: ok, rules: [{ firstAttempts: 2, answer: fail }] },
  passThrough: false,
};

function raw(rawHeaders: string[], overrides: Partial<RawDelivery> = {}): RawDelivery {
  return { receivedAtMs: 1, method: 'POST', path: '/hooks', headers: headerPairs(rawHeaders), body, bodySize: body.length, truncation: null, ...overrides };
}

describe('judgeDelivery', () => {
  it('verifies the signature header whatever its case, and keeps every header as received', () => {
    const signature = signBody(nodeHmac, 'secret', body);
    const headers = ['x-SVC-hmac-sha256', signature, 'X-Svc-Event-Id', '7', 'constructor', 'x'];
    const judged = judgeDelivery(raw(headers), context, nodeHmac);
    expect(judged.verdict).toMatchObject({ outcome: 'valid', keyId: 'k1' });
    expect(judged.headers).toEqual([
      ['x-SVC-hmac-sha256', signature],
      ['X-Svc-Event-Id', '7'],
      ['constructor', 'x'],
    ]);
    expect(judged.event.eventId).toBe(7);
    expect(judged.fields).toMatchObject({ eventType: 'Created', orderId: 'o1', level: 'Info' });
    expect(judged.bodySha256).toBe(createHash('sha256').update(body).digest('hex'));
  });

  it('never shows valid for two signature headers, even when the first one verifies', () => {
    const signature = signBody(nodeHmac, 'secret', body);
    const judged = judgeDelivery(raw(['x-SVC-hmac-sha256', signature, 'X-Svc-Hmac-Sha256', 'forged', 'X-Svc-Event-Id', '7']), context, nodeHmac);
    expect(judged.verdict).toMatchObject({ outcome: 'invalid', diagnosis: { kind: 'repeated-header' } });
    expect(judged.verdict.diagnosis?.message).toMatch(/^Two signature headers/);
    expect(judged.headers).toHaveLength(3);
  });

  it("never shows valid for an agent's request (hooklab mcp marks it), however well it is signed", () => {
    const signature = signBody(nodeHmac, 'secret', body);
    const judged = judgeDelivery(raw(['X-Svc-Hmac-Sha256', signature, 'X-Svc-Event-Id', '7', 'x-hooklab-sent-by', 'agent (hooklab mcp)']), context, nodeHmac);
    expect(judged.verdict).toMatchObject({ outcome: 'unverifiable', keyId: null, diagnosis: { kind: 'sent-by-agent' } });
    expect(judged.verdict.diagnosis?.message).toMatch(/^Sent by a coding agent through hooklab mcp/);
    expect(judged.keyed).toBe(true);
  });

  it('never shows valid for two event-id headers, and takes neither as the event id', () => {
    const signature = signBody(nodeHmac, 'secret', body);
    const judged = judgeDelivery(raw(['X-Svc-Hmac-Sha256', signature, 'X-Svc-Event-Id', '9', 'x-svc-event-id', '10']), context, nodeHmac);
    expect(judged.verdict).toMatchObject({ outcome: 'invalid', diagnosis: { kind: 'repeated-header' } });
    expect(judged.verdict.diagnosis?.message).toMatch(/^Two event-id headers/);
    expect(judged.event.eventId).toBeNull();
  });

  it('reads only the headers it judges: other headers, repeated or named like an object key, change nothing', () => {
    const signature = signBody(nodeHmac, 'secret', body);
    const judged = judgeDelivery(
      raw(['Host', 'a', 'host', 'b', '__proto__', 'x', 'X-Svc-Event-Created', '2024-05-01T10:00:00Z', 'X-SVC-HMAC-SHA256', signature, 'x-svc-event-id', '12', 'X-Custom', '1', 'X-Custom', '2']),
      context,
      nodeHmac,
    );
    expect(judged.verdict).toMatchObject({ outcome: 'valid', keyId: 'k1' });
    expect(judged.event).toEqual({ eventId: 12, eventCreated: '2024-05-01T10:00:00Z', eventCreatedMs: Date.parse('2024-05-01T10:00:00Z') });
    expect(judged.headers).toHaveLength(8);
  });

  it('answers by attempt from the rules, null in pass-through, 413 for a truncated body', () => {
    const judged = judgeDelivery(raw([]), context, nodeHmac);
    expect([1, 2, 3].map((attempt) => judged.answerFor(attempt)?.status)).toEqual([500, 500, 200]);
    expect(judgeDelivery(raw([]), { ...context, passThrough: true }, nodeHmac).answerFor(1)).toBeNull();
    const truncated = judgeDelivery(raw(['X-Svc-Hmac-Sha256', 'c2lnbmVk'], { truncation: 'over-limit', bodySize: 10_000_000 }), { ...context, passThrough: true }, nodeHmac);
    expect(truncated.answerFor(1)?.status).toBe(413);
    expect(truncated.verdict).toMatchObject({ outcome: 'unverifiable', diagnosis: { kind: 'body-truncated' } });
    expect(truncated.verdict.diagnosis?.message).toMatch(/^Cannot verify: body over the limit/);
  });

  it('records a body cut off mid-way as unverifiable and not answered', () => {
    const cut = judgeDelivery(raw(['X-Svc-Hmac-Sha256', 'c2lnbmVk'], { truncation: 'cut-off', bodySize: 5_000 }), context, nodeHmac);
    expect(cut.verdict).toMatchObject({ outcome: 'unverifiable', diagnosis: { kind: 'body-cut-off' } });
    // A hanging answer is the store's "never answered": no status is recorded.
    expect(cut.answerFor(1)?.hang).toBe(true);
  });
});
