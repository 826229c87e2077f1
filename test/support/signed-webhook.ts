import { createHmac } from 'node:crypto';

/** A SuccessPayment-like body of one order (type and metadata as given), as the service sends it. */
export function orderEventBody(orderId: string, type = 'SuccessPayment'): string {
  return JSON.stringify({ orderId, orderReference: 'r', orderType: 'FASTLINK_CHARGE', level: 'Info', type, metadata: {} });
}

/** POSTs `body` to a listener with the service's three headers, signed with `key`; resolves with the status. */
export async function postSignedWebhook(url: string, key: string, body: string, eventId: number): Promise<number> {
  const res = await fetch(url, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      'X-Svc-Hmac-Sha256': createHmac('sha256', key).update(body).digest('base64'),
      'X-Svc-Event-Id': String(eventId),
      'X-Svc-Event-Created': new Date().toISOString(),
    },
    body,
  });
  await res.arrayBuffer();
  return res.status;
}
