import { EVENT_CREATED_HEADER, EVENT_ID_HEADER } from '../../../../shared/service';
import { tooDeepToParse } from '../../../../shared/signing/json-depth';
import { readTopLevelScalars } from '../../../../shared/json/top-level-fields';

/** The event fields the table shows (see docs/service.md#webhook-event), read leniently: a body that is not an event still gets stored. */
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
const FIELD_NAMES = ['type', 'level', 'orderType', 'orderId', 'orderReference'] as const;
const decoder = new TextDecoder('utf-8', { fatal: true });
/** Above this, JSON.parse would build a document of hundreds of MB: the fields are scanned instead. */
const PARSE_LIMIT_BYTES = 16 * 1024 * 1024;

/** Reads the event object's fields from raw bytes; anything that is not a JSON object gives nulls. */
export function readEventFields(body: Uint8Array): EventFields {
  if (body.length === 0) return NO_FIELDS;
  if (body.length > PARSE_LIMIT_BYTES || tooDeepToParse(body)) {
    // Large bodies (the user raised the listener's limit) and deep ones keep their type and order.
    const scanned = readTopLevelScalars(body, FIELD_NAMES);
    return scanned ? fieldsOf(scanned) : NO_FIELDS;
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(decoder.decode(body));
  } catch {
    return NO_FIELDS;
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return NO_FIELDS;
  return fieldsOf(parsed as Record<string, unknown>);
}

function fieldsOf(o: Record<string, unknown>): EventFields {
  return {
    eventType: text(o['type']),
    level: text(o['level']),
    orderType: text(o['orderType']),
    orderId: text(o['orderId']) ?? (typeof o['orderId'] === 'number' ? String(o['orderId']) : null),
    orderReference: text(o['orderReference']),
  };
}

/** Reads X-Svc-Event-Id and X-Svc-Event-Created (see docs/service.md#webhook-headers) from Node's lower-cased headers. */
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
