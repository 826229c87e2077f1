import type { DeliverySummary } from '../../shared/contract/live';
import { tooDeepToParse } from '../../shared/signing/json-depth';
import type { DeliveryStore } from '../listener/delivery-store';
import { bodyAsText } from './delivery-view';

/** What a body without an event type is, so the table can say so instead of a blank. */
export type BodyKind = NonNullable<DeliverySummary['bodyKind']>;

/** Classifies a body whose event type could not be read. */
export function bodyKind(body: Uint8Array): BodyKind {
  if (body.length === 0) return 'empty';
  const text = bodyAsText(body);
  if (text === null) return 'not-utf8';
  if (tooDeepToParse(text)) return 'json-without-type';
  try {
    JSON.parse(text);
    return 'json-without-type';
  } catch {
    return 'not-json';
  }
}

/**
 * Summaries with `bodyKind` set where the event type is missing. Only those rows' bodies are
 * read (webhook events carry a type; the rest are rare), so listing stays a summary query.
 */
export function withBodyKinds(store: DeliveryStore, rows: DeliverySummary[]): DeliverySummary[] {
  return rows.map((r) => {
    if (r.eventType !== null) return r;
    if (r.bodySize === 0) return { ...r, bodyKind: 'empty' };
    const raw = store.raw(r.id);
    return raw ? { ...r, bodyKind: bodyKind(raw.body) } : r;
  });
}
