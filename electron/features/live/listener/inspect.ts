import { EVENT_CREATED_HEADER, EVENT_ID_HEADER } from '../../../../shared/service';
import { tooDeepToParse } from '../../../../shared/signing/json-depth';
import { readTopLevelScalars } from '../../../../shared/json/top-level-fields';
import type { BodyKind, EventFields, EventHeaders } from '../../../services/data/received-delivery';
import { capSummaryFieldOrNull } from '../../../../shared/text/summary-field';

const NO_FIELDS: EventFields = { eventType: null, level: null, orderType: null, orderId: null, orderReference: null };
const FIELD_NAMES = ['type', 'level', 'orderType', 'orderId', 'orderReference'] as const;
const decoder = new TextDecoder('utf-8', { fatal: true });

/** Above this, JSON.parse would build a document of hundreds of MB: the fields are scanned instead. */
const PARSE_LIMIT_BYTES = 16 * 1024 * 1024;

/** What the body says: the event object's fields, and what the body is when it has no event type. */
export interface BodyInspection {
  readonly fields: EventFields;
  /** Null exactly when the body has an event type. */
  readonly bodyKind: BodyKind | null;
}

/**
 * Reads the event object's fields from raw bytes and classifies the body, with one decode and
 * one parse: the listener calls it once while it holds the body, and the kind is stored, so
 * nothing downstream parses the body again. Anything that is not a JSON object gives nulls.
 */
export function inspectBody(body: Uint8Array): BodyInspection {
  if (body.length === 0) return { fields: NO_FIELDS, bodyKind: 'empty' };
  let text: string;
  try {
    text = decoder.decode(body);
  } catch {
    return { fields: NO_FIELDS, bodyKind: 'not-utf8' };
  }
  const tooDeep = tooDeepToParse(body);
  if (tooDeep || body.length > PARSE_LIMIT_BYTES) {
    // Large bodies (the user raised the listener's limit) and deep ones keep their type and
    // order: a bounded scan of the top level instead of a parse. Too deep for our parser is
    // still JSON to a reader.
    const scanned = readTopLevelScalars(body, FIELD_NAMES);
    if (!scanned) return { fields: NO_FIELDS, bodyKind: tooDeep ? 'json-without-type' : 'not-json' };
    return withKind(fieldsOf(scanned));
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { fields: NO_FIELDS, bodyKind: 'not-json' };
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return { fields: NO_FIELDS, bodyKind: 'json-without-type' };
  return withKind(fieldsOf(parsed as Record<string, unknown>));
}

function withKind(fields: EventFields): BodyInspection {
  return { fields, bodyKind: fields.eventType === null ? 'json-without-type' : null };
}

/**
 * Capped here, where they are read: the table and every listing carry at most
 * SUMMARY_FIELD_MAX_CHARS of each; the whole value stays in the stored body.
 */
function fieldsOf(o: Record<string, unknown>): EventFields {
  return {
    eventType: capSummaryFieldOrNull(textOf(o['type'])),
    level: capSummaryFieldOrNull(textOf(o['level'])),
    orderType: capSummaryFieldOrNull(textOf(o['orderType'])),
    orderId: capSummaryFieldOrNull(textOf(o['orderId']) ?? (typeof o['orderId'] === 'number' ? String(o['orderId']) : null)),
    orderReference: capSummaryFieldOrNull(textOf(o['orderReference'])),
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

function textOf(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}

function first(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}
