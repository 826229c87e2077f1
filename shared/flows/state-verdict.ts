import type { OrderSummary } from '../sequences/model';
import { is2xx } from '../http/status';
import { parseStatePath, valueAtPath } from './state-path';

/** The derived fields a handler's state is compared on, and the names a handler may give them. */
const FIELDS = [
  { field: 'status', label: 'Order status', names: ['status', 'orderstatus', 'state'] },
  { field: 'payment', label: 'Payment', names: ['payment', 'paymentstatus', 'paymentstate'] },
  { field: 'shipping', label: 'Shipping', names: ['shipping', 'shippingstatus', 'shippingstate'] },
  { field: 'threeDs', label: '3-D Secure', names: ['threeds', 'threedsecure', '3ds', 'threedsstatus'] },
] as const;

/** A handler's value as shown: its first characters only (the answer is the handler's, any size). */
const SHOWN_CHARS = 120;

export interface FieldComparison {
  readonly field: (typeof FIELDS)[number]['field'];
  readonly label: string;
  /** What Hooklab derived from the order's events (null: nothing yet). */
  readonly expected: string | null;
  /** The handler's value as text (bounded), null when it reports none. */
  readonly handler: string | null;
  /** The handler's name for the field, as found in its answer. */
  readonly handlerKey: string | null;
  /** `not-reported`: the answer has no such field, so it is not judged. */
  readonly outcome: 'same' | 'differs' | 'not-reported';
}

export interface StateVerdict {
  /** `not-comparable`: no JSON object, or none of the fields in it (`reason` says which). */
  readonly outcome: 'agrees' | 'differs' | 'not-comparable';
  readonly fields: readonly FieldComparison[];
  readonly reason: string | null;
}

type Derived = Pick<OrderSummary, 'status' | 'payment' | 'shipping' | 'threeDs'>;

/** Names compared without case, spaces, dashes or underscores: `order_status` is `orderStatus`. */
const squash = (text: string) => text.toLowerCase().replace(/[\s_-]/g, '');
/** Values likewise, with "none", "" and null all meaning "nothing" (`payment-error` is `PAYMENT_ERROR`). */
const sameValue = (a: string | null, b: string | null) => {
  const norm = (v: string | null) => (v === null || squash(v) === 'none' ? '' : squash(v));
  return norm(a) === norm(b);
};

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function shown(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  const text = typeof value === 'string' ? value : typeof value === 'number' || typeof value === 'boolean' ? String(value) : JSON.stringify(value);
  return text.length > SHOWN_CHARS ? `${text.slice(0, SHOWN_CHARS)}…` : text;
}

/**
 * The handler's view of the order against the state Hooklab derives from the order's events,
 * field by field. Where the order's state is in the state URL's JSON: at `statePath` when given
 * (`orders.{orderId}`: docs/sequences.md#chaos-replay), else the top level, `order`, or
 * `orders.<orderId>`. Fields the handler does not report are not judged; a value that is not a
 * string, number or boolean differs.
 */
export function compareHandlerState(
  derived: Derived,
  answer: { status: number | null; body: unknown; error: string | null },
  where: { orderId?: string | null; statePath?: string | null } = {},
): StateVerdict {
  const notComparable = (reason: string): StateVerdict => ({ outcome: 'not-comparable', fields: [], reason });
  if (answer.error) return notComparable(`the state URL could not be read: ${answer.error}`);
  if (!is2xx(answer.status)) return notComparable(`the state URL answered ${answer.status ?? 'nothing'}, not 2xx`);
  if (!isRecord(answer.body)) return notComparable('the state URL did not answer a JSON object');
  const orderId = where.orderId ?? null;
  let scopes: Record<string, unknown>[];
  if (where.statePath) {
    const parsed = parseStatePath(where.statePath, orderId);
    if ('error' in parsed) return notComparable(`state path ${parsed.error}`);
    const at = valueAtPath(answer.body, parsed.steps);
    if (!at.found) return notComparable(`the state has no ${at.missing} (state path ${where.statePath})`);
    if (!isRecord(at.value)) return notComparable(`the state at ${where.statePath} is not a JSON object`);
    scopes = [at.value];
  } else {
    const orders = answer.body['orders'];
    const byId = orderId !== null && isRecord(orders) && isRecord(orders[orderId]) ? [orders[orderId]] : [];
    scopes = [answer.body, ...(isRecord(answer.body['order']) ? [answer.body['order']] : []), ...byId];
  }
  const fields = FIELDS.map(({ field, label, names }): FieldComparison => {
    const expected = derived[field];
    let handlerKey: string | null = null;
    let value: unknown;
    for (const scope of scopes) {
      const key = Object.keys(scope).find((k) => (names as readonly string[]).includes(squash(k)));
      if (key !== undefined) {
        handlerKey = key;
        value = scope[key];
        break;
      }
    }
    if (handlerKey === null) return { field, label, expected, handler: null, handlerKey, outcome: 'not-reported' };
    const scalar = value === null || ['string', 'number', 'boolean'].includes(typeof value);
    const text = shown(value);
    return { field, label, expected, handler: text, handlerKey, outcome: scalar && sameValue(expected, value === null ? null : String(value)) ? 'same' : 'differs' };
  });
  if (fields.every((f) => f.outcome === 'not-reported')) {
    const looked = where.statePath ? `at ${where.statePath}` : 'at the top level, under order or under orders.<orderId>';
    return { outcome: 'not-comparable', fields, reason: `none of status, payment, shipping or threeDs is in its answer (looked ${looked}; give a state path such as orders.{orderId})` };
  }
  return { outcome: fields.some((f) => f.outcome === 'differs') ? 'differs' : 'agrees', fields, reason: null };
}
