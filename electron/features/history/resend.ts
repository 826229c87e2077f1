import type { WebhookDelivery } from '../../../shared/service';
import type { HistoryClient } from '../../services/service-api/history-client';
import { HistoryApiError } from '../../services/service-api/errors';

/** What resending needs of the history client (the feature wraps resend to note what the user asked for). */
export type ResendClient = Pick<HistoryClient, 'resend' | 'get' | 'list'>;

/** What a resend came to, in words a user can act on. */
export type ResendOutcomeKind = 'delivered' | 'refused' | 'no-webhook' | 'not-found' | 'not-logged' | 'unknown' | 'failed';

export interface ResendOutcome {
  readonly id: number;
  readonly kind: ResendOutcomeKind;
  readonly message: string;
  /** The new delivery the service logged, when it answered 200. */
  readonly delivery: WebhookDelivery | null;
}

/** Explains a 200: the service sent it, but only `delivered` says whether the receiver took it. */
function explainSent(id: number, d: WebhookDelivery): ResendOutcome {
  if (d.delivered) {
    return { id, kind: 'delivered', delivery: d, message: `resent as delivery ${d.id}; the receiver answered ${d.responseStatusCode}` };
  }
  const why = d.responseStatusCode === 0
    ? 'the delivery did not complete'
    : d.responseStatusCode === 500
      ? 'the receiver failed, timed out or could not be reached (500)'
      : `the receiver refused it (${d.responseStatusCode})`;
  return { id, kind: 'refused', delivery: d, message: `resent as delivery ${d.id}, but it is still not delivered: ${why}` };
}

const KIND_BY_ERROR: Partial<Record<HistoryApiError['kind'], ResendOutcomeKind>> = {
  'no-webhook': 'no-webhook',
  'not-found': 'not-found',
  'resend-not-logged': 'not-logged',
};

/** Resends one delivery; never throws for service answers, only returns an explained outcome. */
export async function resendOne(client: ResendClient, id: number, signal?: AbortSignal): Promise<ResendOutcome> {
  try {
    return explainSent(id, await client.resend(id, signal));
  } catch (error) {
    if (!(error instanceof HistoryApiError)) throw error;
    if (error.kind === 'timeout') return checkAfterTimeout(client, id, signal);
    return { id, kind: KIND_BY_ERROR[error.kind] ?? 'failed', message: error.message, delivery: null };
  }
}

/** Deliveries newer than the resent one searched for its event (the list's default order is newest first). */
const CHECK_PAGE_SIZE = 100;

/**
 * The resend's answer did not come in time, but the service sends synchronously and may well
 * have delivered it (a slow receiver is reason enough): reporting a failure would be wrong, and
 * resending again would deliver the event twice. So the outcome is checked: the newest delivery
 * of the same event, read with GET /WebhookEvents/{id}, says whether the event got through. The
 * event id cannot be filtered on (see docs/service.md#event-ids), hence the scan of the newest deliveries after `id`.
 */
async function checkAfterTimeout(client: ResendClient, id: number, signal?: AbortSignal): Promise<ResendOutcome> {
  const unknown = (detail: string): ResendOutcome => ({
    id,
    kind: 'unknown',
    delivery: null,
    message: `the service did not answer the resend in time, so its outcome is unknown: ${detail}`,
  });
  try {
    const original = await client.get(id, signal);
    const newer = await client.list({ filters: `id>${id}`, pageSize: CHECK_PAGE_SIZE }, signal);
    const newest = newer.webhookEvents.find((d) => d.eventId === original.eventId);
    if (!newest) {
      return unknown(`no newer delivery of event ${original.eventId} is logged yet; it may still be under way, so check History before resending again`);
    }
    const now = await client.get(newest.id, signal);
    if (now.responseStatusCode === 0) {
      return unknown(`delivery ${now.id} of event ${original.eventId} is still in flight; check History before resending again`);
    }
    const checked = explainSent(id, now);
    return { ...checked, message: `the service did not answer in time; checked the event's newest delivery: ${checked.message}` };
  } catch (error) {
    if (!(error instanceof HistoryApiError)) throw error;
    return unknown(`checking it failed too (${error.message}); check History before resending again`);
  }
}
