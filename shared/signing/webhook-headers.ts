import { SERVICE_WEBHOOK_USER_AGENT, WEBHOOK_HEADER_NAMES } from '../service/webhooks';
import { signBody, type HmacSha256 } from './hmac';

/** The values of a webhook's three service headers; null leaves that header out. */
export interface WebhookHeaderValues {
  /** X-Svc-Hmac-Sha256 (null: a tamper preset sends none). */
  readonly signature: string | null;
  /** X-Svc-Event-Id (null for an unlogged delivery, see docs/service.md#unlogged-deliveries). */
  readonly eventId: string | null;
  /** X-Svc-Event-Created (null for an unlogged delivery). */
  readonly eventCreated: string | null;
}

/**
 * The service's webhook headers in the order the service sends them, spelled as it spells them.
 * The one place that writes them: the emulator's dispatcher, Replay's request builder and the
 * CLI's sender all build their headers here.
 */
export function webhookHeaders(values: WebhookHeaderValues): Array<[string, string]> {
  const headers: Array<[string, string]> = [];
  if (values.signature !== null) headers.push([WEBHOOK_HEADER_NAMES.signature, values.signature]);
  if (values.eventId !== null) headers.push([WEBHOOK_HEADER_NAMES.eventId, values.eventId]);
  if (values.eventCreated !== null) headers.push([WEBHOOK_HEADER_NAMES.eventCreated, values.eventCreated]);
  return headers;
}

/** The signed triple for a body: its signature under `key` and the event's id headers. */
export function signedWebhookHeaders(
  hmac: HmacSha256,
  key: string,
  body: Uint8Array | string,
  event: { readonly eventId: string | null; readonly eventCreated: string | null },
): Array<[string, string]> {
  return webhookHeaders({ signature: signBody(hmac, key, body), eventId: event.eventId, eventCreated: event.eventCreated });
}

/**
 * A webhook's headers exactly as the service sends them, in its order: Content-Type, User-Agent,
 * then the signed triple (Content-Length follows, then what Node adds). The sandbox's deliveries
 * and Hooklab's probe of its public URL both go out with these, so nothing tells them apart.
 */
export function serviceDeliveryHeaders(
  hmac: HmacSha256,
  key: string,
  body: Uint8Array | string,
  event: { readonly eventId: string | null; readonly eventCreated: string | null },
): Array<[string, string]> {
  return [['Content-Type', 'application/json'], ['User-Agent', SERVICE_WEBHOOK_USER_AGENT], ...signedWebhookHeaders(hmac, key, body, event)];
}
