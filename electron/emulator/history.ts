import type { DeliveryListResponse, WebhookDelivery } from '../../shared/service';
import {
  SieveError,
  compileFilters,
  compileSorts,
  parseFilters,
  parseSorts,
  type FieldTable,
  type FilterTerm,
} from './sieve';
import { configuredUrls, type Dispatcher } from './dispatcher';
import { genericError, serverProblem } from './http';
import type { SandboxState } from './state';
import type { DeliveryRecord, StoreRecord } from './types';

export const DEFAULT_PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 100;

/** The filterable and sortable fields (see docs/service.md#webhook-delivery) (eventId and eventCreated are deliberately absent). */
export const DELIVERY_FIELDS: FieldTable<DeliveryRecord> = {
  id: { type: 'int', get: (d) => d.id },
  eventType: { type: 'string', get: (d) => d.eventType },
  responseStatusCode: { type: 'int', get: (d) => d.responseStatusCode },
  delivered: { type: 'bool', get: (d) => d.delivered },
  created: { type: 'datetime', get: (d) => d.createdMs },
};

/** The public shape of a delivery (see docs/service.md#webhook-delivery): the store id and parsed time stay inside. */
export function toDelivery(d: DeliveryRecord): WebhookDelivery {
  return {
    id: d.id,
    eventId: d.eventId,
    eventType: d.eventType,
    eventCreated: d.eventCreated,
    url: d.url,
    payload: d.payload,
    responseStatusCode: d.responseStatusCode,
    delivered: d.delivered,
    created: d.created,
  };
}

export interface ListQuery {
  filters?: string | null;
  sorts?: string | null;
  page?: string | null;
  pageSize?: string | null;
}

function parseInteger(name: string, raw: string | null | undefined, fallback: number): number {
  if (raw === null || raw === undefined || raw === '') return fallback;
  if (!/^\s*[+-]?\d+\s*$/.test(raw)) throw genericError(400, `${name} must be an integer`);
  return Number(raw);
}

/** First index in ascending `list` whose id is >= id (binary search). */
function lowerBound(list: DeliveryRecord[], id: number): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (list[mid]!.id < id) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * Narrows [lo, hi) by plain id bounds (the cursor-polling shape `id>N`) so a poll near the end
 * of a long history touches only the new deliveries; returns the terms still to evaluate.
 */
function narrowById(list: DeliveryRecord[], terms: FilterTerm[]) {
  let lo = 0;
  let hi = list.length;
  const rest: FilterTerm[] = [];
  for (const t of terms) {
    const v = t.values[0];
    const simple =
      t.names.length === 1 && t.names[0] === 'id' && t.values.length === 1 && v !== null && v !== undefined;
    if (!simple) {
      rest.push(t);
      continue;
    }
    const n = Number(v);
    if (t.base === '>') lo = Math.max(lo, lowerBound(list, n + 1));
    else if (t.base === '>=') lo = Math.max(lo, lowerBound(list, n));
    else if (t.base === '<') hi = Math.min(hi, lowerBound(list, n));
    else if (t.base === '<=') hi = Math.min(hi, lowerBound(list, n + 1));
    else if (t.base === '==') {
      lo = Math.max(lo, lowerBound(list, n));
      hi = Math.min(hi, lowerBound(list, n + 1));
    } else rest.push(t);
  }
  return { lo, hi: Math.max(lo, hi), rest };
}

/** GET {api_v3_url}/WebhookEvents for one store (see docs/service.md#list-deliveries). Throws HttpError 400 on bad input. */
export function listDeliveries(list: DeliveryRecord[], q: ListQuery): DeliveryListResponse {
  const page = parseInteger('page', q.page, 1);
  if (page < 1) throw genericError(400, 'page must be 1 or greater');
  let pageSize = parseInteger('pageSize', q.pageSize, DEFAULT_PAGE_SIZE);
  if (pageSize <= 0) throw genericError(400, 'pageSize must be greater than 0');
  pageSize = Math.min(pageSize, MAX_PAGE_SIZE);
  let terms: FilterTerm[];
  let sorts;
  try {
    terms = q.filters ? parseFilters(q.filters, DELIVERY_FIELDS) : [];
    sorts = q.sorts ? parseSorts(q.sorts, DELIVERY_FIELDS) : [];
  } catch (err) {
    if (err instanceof SieveError) throw genericError(400, err.message);
    throw err;
  }
  const { lo, hi, rest } = narrowById(list, terms);
  const skip = (page - 1) * pageSize;
  // Default order is newest first; sorts replace it entirely.
  const idOnly = sorts.length === 0 || (sorts.length === 1 && sorts[0]!.name === 'id');
  const descending = sorts.length === 0 || sorts[0]!.descending;
  if (rest.length === 0 && idOnly) {
    const total = hi - lo;
    const items: DeliveryRecord[] = [];
    for (let k = skip; k < Math.min(total, skip + pageSize); k++)
      items.push(list[descending ? hi - 1 - k : lo + k]!);
    return { webhookEvents: items.map(toDelivery), totalCount: total };
  }
  const predicate = compileFilters(rest, DELIVERY_FIELDS);
  const matches: DeliveryRecord[] = [];
  for (let i = lo; i < hi; i++) if (predicate(list[i]!)) matches.push(list[i]!);
  if (idOnly) {
    if (descending) matches.reverse();
  } else matches.sort(compileSorts(sorts, DELIVERY_FIELDS));
  return {
    webhookEvents: matches.slice(skip, skip + pageSize).map(toDelivery),
    totalCount: matches.length,
  };
}

/** GET one delivery (see docs/service.md#get-one-delivery): 404 for an unknown id or another store's. */
export function getDelivery(state: SandboxState, storeId: string, rawId: string): DeliveryRecord {
  const d = /^\d+$/.test(rawId) ? state.deliveryById.get(Number(rawId)) : undefined;
  if (!d || d.storeId !== storeId) throw genericError(404, `delivery ${rawId} not found`);
  return d;
}

/**
 * Resend (see docs/service.md#resend): the stored payload, signed with the current key, to the current configuration,
 * with the original event id and event-created; one attempt per URL (a resend is synchronous,
 * no automatic retries). Returns the failed delivery if any failed, otherwise the last.
 */
export async function resendDelivery(
  state: SandboxState,
  dispatcher: Dispatcher,
  store: StoreRecord,
  original: DeliveryRecord,
): Promise<DeliveryRecord> {
  const urls = configuredUrls(store.webhookUrl);
  if (urls.length === 0) throw genericError(400, 'the store has no webhook URL configured');
  const norm = (u: string) => u.trim().toLowerCase();
  const same = urls.find((u) => norm(u) === norm(original.url));
  const targets = same !== undefined ? [same] : urls;
  const headers = dispatcher.headers(store, original.payload, original.eventId, original.eventCreated);
  if (store.chaos.failResendLogging) {
    // The send happens, the log write fails: the caller gets 500 and may retry safely.
    await Promise.all(targets.map((u) => dispatcher.track(dispatcher.attempt(store, u, original.payload, headers))));
    throw serverProblem();
  }
  const results: DeliveryRecord[] = [];
  for (const url of targets) {
    const d = dispatcher.newRecord(
      store,
      state.nextDeliveryId(),
      original.eventId,
      original.eventType,
      original.eventCreated,
      url,
      original.payload,
    );
    state.logDelivery(d);
    const status = await dispatcher.track(dispatcher.attempt(store, url, original.payload, headers));
    dispatcher.complete(d, status);
    results.push(d);
  }
  return results.find((d) => !d.delivered) ?? results[results.length - 1]!;
}
