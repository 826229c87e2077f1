import { EVENT_CREATED_HEADER, EVENT_ID_HEADER } from '../../../../shared/service';
import { tooDeepToParse } from '../../../../shared/signing/json-depth';
import { capSummaryFieldOrNull } from '../../../../shared/text/summary-field';

/** The 2.8 fields the table shows, read leniently: a body that is not an event still gets stored. */
export interface EventFields {
  readonly eventType: string | null;
  readonly level: string | null;
  readonly orderType: string | null;
  readonly orderId: string | null;
  readonly orderReference: string | null;
}

export interface EventHeaders {
  readonly eventId: number | null;
  readonly eventCreated: string | null;
  /** Epoch ms of eventCreated, or null when absent or unparsable. */
  readonly eventCreatedMs: number | null;
}

const NO_FIELDS: EventFields = { eventType: null, level: null, orderType: null, orderId: null, orderReference: null };
const decoder = new TextDecoder('utf-8', { fatal: true });

/** Reads the event object's fields from raw bytes; anything that is not a JSON object gives nulls. */
export function readEventFields(body: Uint8Array): EventFields {
  if (body.length === 0 || body.length > 16 * 1024 * 1024 || tooDeepToParse(body)) return NO_FIELDS;
  let parsed: unknown;
  try {
    parsed = JSON.parse(decoder.decode(body));
  } catch {
    return NO_FIELDS;
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return NO_FIELDS;
  const o = parsed as Record<string, unknown>;
  // Capped here, where they are read: the table and every listing carry at most
  // SUMMARY_FIELD_MAX_CHARS of each; the whole value stays in the stored body.
  return {
    eventType: capSummaryFieldOrNull(text(o['type'])),
    level: capSummaryFieldOrNull(text(o['level'])),
    orderType: capSummaryFieldOrNull(text(o['orderType'])),
    orderId: capSummaryFieldOrNull(text(o['orderId']) ?? (typeof o['orderId'] === 'number' ? String(o['orderId']) : null)),
    orderReference: capSummaryFieldOrNull(text(o['orderReference'])),
  };
}

/** Reads X-Svc-Event-Id and X-Svc-Event-Created (section 6.1) from Node's lower-cased headers. */
export function readEventHeaders(headers: Record<string, string | string[] | undefined>): EventHeaders {
  const idText = first(headers[EVENT_ID_HEADER])?.trim();
  const eventId = idText && /^\d{1,15}$/.test(idText) ? Number(idText) : null;
  const eventCreated = first(headers[EVENT_CREATED_HEADER])?.trim() || null;
  const ms = eventCreated === null ? NaN : Date.parse(eventCreated);
  return { eventId, eventCreated, eventCreatedMs: Number.isFinite(ms) ? ms : null };
}

function text(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}

function first(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}
