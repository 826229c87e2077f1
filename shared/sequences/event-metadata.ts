import { SHIPPING_STATUSES, type ShippingStatus } from '../service/enums';
import { isThreeDsEventType } from './event-types';

/** A shipping move read from an `Updated` event's metadata (see docs/service.md#event-types). */
export interface ShippingMove {
  readonly from: ShippingStatus;
  readonly to: ShippingStatus;
  readonly etaMinutes: number | null;
}

type Metadata = Record<string, unknown> | null;

function isShippingStatus(value: unknown): value is ShippingStatus {
  return typeof value === 'string' && (SHIPPING_STATUSES as readonly string[]).includes(value);
}

const show = (value: unknown) => (value === undefined ? 'missing' : JSON.stringify(value));

/** The move an Updated event describes, or why its metadata cannot be read as one. */
export function readShippingMove(metadata: Metadata): { move: ShippingMove | null; problems: string[] } {
  if (!metadata) return { move: null, problems: ['Updated without metadata: PreviousStatus and NewStatus are required'] };
  const problems: string[] = [];
  const { PreviousStatus: from, NewStatus: to, PreparationEtaMinutes: eta } = metadata;
  if (!isShippingStatus(from)) problems.push(`PreviousStatus ${show(from)} is not a shipping status`);
  if (!isShippingStatus(to)) problems.push(`NewStatus ${show(to)} is not a shipping status`);
  let etaMinutes: number | null = null;
  if (eta !== undefined && eta !== null) {
    const text = typeof eta === 'number' ? String(eta) : typeof eta === 'string' ? eta.trim() : '';
    if (/^\d+$/.test(text)) etaMinutes = Number(text);
    else problems.push(`PreparationEtaMinutes ${show(eta)} is not a number of minutes`);
  }
  if (problems.length > 0 || !isShippingStatus(from) || !isShippingStatus(to)) return { move: null, problems };
  return { move: { from, to, etaMinutes }, problems };
}

/** The authentication id a 3-D Secure event ties to its charge attempt (see docs/service.md#event-types). */
export function readAuthenticationId(metadata: Metadata): string | null {
  const id = metadata?.['authenticationId'];
  return typeof id === 'string' && id.trim() !== '' ? id.trim() : null;
}

/** Coupons of a SuccessPayment's orderDetail lacking the dates needed to judge their status (docs/service.md#coupon-status). */
function couponProblems(metadata: Record<string, unknown>): string[] {
  const lines = metadata['orderDetail'];
  if (lines === undefined || lines === null) return [];
  if (!Array.isArray(lines)) return ['orderDetail is not an array'];
  const problems: string[] = [];
  lines.forEach((line, i) => {
    const coupon = typeof line === 'object' && line !== null ? (line as Record<string, unknown>)['coupon'] : null;
    if (coupon === null || coupon === undefined) return;
    if (typeof coupon !== 'object') return void problems.push(`orderDetail[${i}].coupon is not an object`);
    const c = coupon as Record<string, unknown>;
    const missing = ['startDate', 'endDate'].filter((k) => typeof c[k] !== 'string' || !Number.isFinite(Date.parse(c[k] as string)));
    if (missing.length > 0)
      problems.push(`coupon ${show(c['code'])} of orderDetail[${i}] has no valid ${missing.join(' or ')} (a coupon needs both)`);
  });
  return problems;
}

/**
 * What in an event's metadata does not follow the spec. The event still belongs to its order;
 * the state that needs the bad field (shipping, 3-D Secure, coupons) does not use it.
 */
export function metadataProblems(type: string, metadata: Metadata): string[] {
  if (type === 'Updated') return readShippingMove(metadata).problems;
  if (isThreeDsEventType(type))
    return readAuthenticationId(metadata) ? [] : [`${type} without metadata.authenticationId`];
  if (type === 'SuccessPayment') {
    if (!metadata) return ['SuccessPayment without metadata'];
    return couponProblems(metadata);
  }
  return [];
}
