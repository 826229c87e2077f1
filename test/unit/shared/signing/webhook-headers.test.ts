import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signedWebhookHeaders, webhookHeaders } from '../../../../shared/signing/webhook-headers';
import type { HmacSha256 } from '../../../../shared/signing/hmac';

const hmac: HmacSha256 = (key, data) => new Uint8Array(createHmac('sha256', key).update(data).digest());

describe('the webhook headers', () => {
  it('are the signed triple, in the service order and spelling', () => {
    const body = '{"type":"SuccessPayment"}';
    expect(signedWebhookHeaders(hmac, 'k1', body, { eventId: '7', eventCreated: '2026-11-26T10:00:00Z' })).toEqual([
      ['X-Svc-Hmac-Sha256', createHmac('sha256', 'k1').update(body).digest('base64')],
      ['X-Svc-Event-Id', '7'],
      ['X-Svc-Event-Created', '2026-11-26T10:00:00Z'],
    ]);
  });

  it('leave out what is null (an unlogged delivery, a tamper without signature)', () => {
    expect(webhookHeaders({ signature: null, eventId: '7', eventCreated: null })).toEqual([['X-Svc-Event-Id', '7']]);
    expect(signedWebhookHeaders(hmac, 'k', new Uint8Array([1]), { eventId: null, eventCreated: null })).toHaveLength(1);
  });
});
