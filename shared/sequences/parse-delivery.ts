import { tooDeepToParse } from '../signing/json-depth';
import type { DeliveryInput, DeliveryMeta } from './delivery-input';
import { isKnownEventType } from './event-types';
import { metadataProblems } from './event-metadata';
import { normaliseOrderId } from './order-id';
import { fingerprint } from './fingerprint';
import { capSummaryFieldOrNull } from '../text/summary-field';

/** A delivery whose body is an event of the spec (possibly with malformed metadata). */
export interface ParsedEvent {
  readonly ok: true;
  readonly input: DeliveryMeta;
  readonly orderId: string;
  readonly type: string;
  readonly orderType: string | null;
  readonly orderReference: string | null;
  readonly level: string | null;
  readonly description: string | null;
  readonly metadata: Record<string, unknown> | null;
  readonly problems: string[];
  /** Fingerprint of the body: copies of one event (a second URL, unlogged retries) share it. */
  readonly fingerprint: string;
}

/** A delivery that cannot join an order's timeline, with the reason. */
export interface RejectedDelivery {
  readonly ok: false;
  readonly input: DeliveryMeta;
  readonly orderId: string | null;
  readonly reason: string;
}

export type ParsedDelivery = ParsedEvent | RejectedDelivery;

const decoder = new TextDecoder('utf-8', { fatal: true });
const str = (v: unknown) => (typeof v === 'string' ? v : null);

function bodyText(body: string | Uint8Array): string | null {
  if (typeof body === 'string') return body;
  try {
    return decoder.decode(body);
  } catch {
    return null;
  }
}

function rejected(input: DeliveryMeta, reason: string, orderId: string | null = null): RejectedDelivery {
  return { ok: false, input, orderId, reason };
}

/** Metadata fields the derived states read; a slim parse keeps only these. */
const STATE_FIELDS = ['PreviousStatus', 'NewStatus', 'PreparationEtaMinutes', 'authenticationId', 'reason'];

function stateFields(metadata: Record<string, unknown> | null): Record<string, unknown> | null {
  if (!metadata) return null;
  let kept: Record<string, unknown> | null = null;
  for (const k of STATE_FIELDS) if (metadata[k] !== undefined) (kept ??= {})[k] = metadata[k];
  return kept;
}

/**
 * Reads one delivery's body as an event (docs/service.md#webhook-event); never throws. `slim` keeps of the metadata only
 * what the derived states read (and no description): an index of 100,000 deliveries then holds
 * no SuccessPayment metadata, and re-reads one order's bodies when it is opened.
 */
export function parseDelivery(delivery: DeliveryInput, slim = false): ParsedDelivery {
  const { body, digest } = delivery;
  const input: DeliveryMeta = {
    ref: delivery.ref,
    eventId: delivery.eventId,
    created: delivery.created,
    createdMs: delivery.createdMs,
    arrivedMs: delivery.arrivedMs,
    ...(delivery.trust ? { trust: delivery.trust } : {}),
  };
  const text = bodyText(body);
  if (text === null) return rejected(input, 'the body is not UTF-8 text');
  // A test, not trim(): trimming would copy every body only to throw the copy away.
  if (!/\S/.test(text)) return rejected(input, 'the body is empty');
  if (tooDeepToParse(text)) return rejected(input, 'the body is nested too deeply to parse');
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return rejected(input, 'the body is not JSON');
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return rejected(input, 'the body is not a JSON object');
  const o = parsed as Record<string, unknown>;
  const orderId = normaliseOrderId(o['orderId']);
  if (orderId === null) return rejected(input, 'the event has no orderId');
  const type = str(o['type']);
  if (type === null || type.trim() === '') return rejected(input, 'the event has no type', orderId);
  if (!isKnownEventType(type)) return rejected(input, `unknown event type ${JSON.stringify(type)} (not one the service sends)`, orderId);
  const rawMetadata = o['metadata'];
  const metadata =
    typeof rawMetadata === 'object' && rawMetadata !== null && !Array.isArray(rawMetadata)
      ? (rawMetadata as Record<string, unknown>)
      : null;
  const problems = rawMetadata !== undefined && rawMetadata !== null && metadata === null ? ['metadata is not an object'] : [];
  problems.push(...metadataProblems(type, metadata));
  return {
    ok: true,
    input,
    orderId,
    type,
    orderType: capSummaryFieldOrNull(str(o['orderType'])),
    orderReference: capSummaryFieldOrNull(str(o['orderReference'])),
    level: capSummaryFieldOrNull(str(o['level'])),
    description: slim ? null : str(o['description']),
    metadata: slim ? stateFields(metadata) : metadata,
    problems,
    fingerprint: digest ?? fingerprint(text),
  };
}
