import { WebhookDeliverySchema, type DeliveryListResponse } from '../../../shared/service';
import { HistoryApiError } from './errors';

type FieldKind = 'int' | 'string' | 'boolean';

/**
 * The fields of a delivery (see docs/service.md#webhook-delivery) and their kinds, read off WebhookDeliverySchema once, so this
 * hand-written check cannot drift from the schema. A field of another kind fails at load.
 */
const DELIVERY_FIELDS: ReadonlyArray<readonly [string, FieldKind]> = Object.entries(WebhookDeliverySchema.shape).map(
  ([field, schema]) => {
    const { def, format } = schema as unknown as { def: { type: string }; format?: string | null };
    const kind = def.type === 'number' && format === 'safeint' ? 'int' : def.type;
    if (kind !== 'int' && kind !== 'string' && kind !== 'boolean') throw new Error(`delivery field ${field}: unsupported kind ${kind}`);
    return [field, kind] as const;
  },
);

function fits(value: unknown, kind: FieldKind): boolean {
  return kind === 'int' ? Number.isSafeInteger(value) : typeof value === kind;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The first place where `json` is not a delivery list (path and what was expected), or null. */
export function deliveryListProblem(json: unknown): string | null {
  if (!isObject(json)) return 'body: expected an object';
  const list = json.webhookEvents;
  if (!Array.isArray(list)) return 'webhookEvents: expected an array';
  if (!Number.isInteger(json.totalCount)) return 'totalCount: expected an integer';
  for (let i = 0; i < list.length; i++) {
    const d: unknown = list[i];
    if (!isObject(d)) return `webhookEvents.${i}: expected an object`;
    for (const [field, kind] of DELIVERY_FIELDS) {
      if (!fits(d[field], kind)) return `webhookEvents.${i}.${field}: expected ${kind === 'int' ? 'an integer' : `a ${kind}`}`;
    }
  }
  return null;
}

/**
 * Parses a page of GET /WebhookEvents (see docs/service.md#list-deliveries). The poller reads 1,000 of these in a 100k
 * catch-up, so the shape is checked by hand instead of with DeliveryListResponseSchema: zod
 * copied every delivery object, and this keeps the parsed objects as they are. Extra fields
 * are tolerated (zod stripped them; nothing reads them). A wrong shape is still refused with
 * the place it went wrong.
 */
export function parseDeliveryList(text: string, what: string): DeliveryListResponse {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new HistoryApiError('malformed', `the service answered ${what} with a body that is not JSON`);
  }
  const problem = deliveryListProblem(json);
  if (problem) throw new HistoryApiError('unexpected-shape', `the service answered ${what} with an unexpected shape (${problem})`);
  return json as DeliveryListResponse;
}
