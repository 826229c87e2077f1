import type { PaymentLinkRequest } from '../service';

/** Field name to the reasons it is refused, like the `errors` map of the service's validation problem (docs/service.md#validation-problem). */
export type FieldErrors = Record<string, string[]>;

/** Limits (see docs/service.md#payment-link-request, docs/service.md#limits) for payment-link creation. */
export const PAYMENT_LINK_LIMITS = {
  orderReference: 255,
  orderName: 255,
  orderDescription: 2048,
  imageUrl: 512,
} as const;

/**
 * Checks a payment-link request against what the spec states (see docs/service.md#payment-link-request, docs/service.md#limits) before it is
 * sent: Method 1 (lineItems) or Method 2 (amount), never both or neither; lengths; a sku or a
 * product per line; positive quantities and amounts; metadata names and values present. The
 * service may refuse more (its 400 body is shown then); this only catches what the spec says.
 * Empty result: nothing to object to.
 */
export function checkPaymentLinkRequest(req: PaymentLinkRequest): FieldErrors {
  const errors: FieldErrors = {};
  const add = (field: string, message: string) => (errors[field] ??= []).push(message);
  const maxLength = (field: string, value: string | null | undefined, max: number) => {
    if (value != null && value.length > max) add(field, `${field} is ${value.length} characters; at most ${max} are allowed.`);
  };

  const hasItems = req.lineItems !== undefined;
  const hasAmount = req.amount !== undefined;
  if (hasItems && hasAmount) add('amount', 'Give either amount (Method 2) or lineItems (Method 1), not both.');
  if (!hasItems && !hasAmount) add('amount', 'Give an amount (Method 2) or line items (Method 1).');
  if (hasAmount && !(Number.isFinite(req.amount) && req.amount! > 0)) add('amount', 'The amount must be greater than 0.');
  if (hasItems && req.lineItems!.length === 0) add('lineItems', 'Method 1 needs at least one line item.');

  maxLength('orderReference', req.orderReference, PAYMENT_LINK_LIMITS.orderReference);
  maxLength('orderName', req.orderName, PAYMENT_LINK_LIMITS.orderName);
  maxLength('orderDescription', req.orderDescription, PAYMENT_LINK_LIMITS.orderDescription);

  (req.lineItems ?? []).forEach((item, i) => {
    const at = `lineItems[${i}]`;
    const hasSku = item.sku !== undefined && item.sku.trim() !== '';
    if (hasSku && item.product) add(at, 'Give either a sku or a one-time product, not both.');
    if (!hasSku && !item.product) add(at, 'Give a sku (a portal product) or a one-time product.');
    if (item.product) {
      if (item.product.name.trim() === '') add(`${at}.product.name`, 'The product name is required.');
      if (!(Number.isFinite(item.product.price) && item.product.price > 0)) add(`${at}.product.price`, 'The price must be greater than 0.');
      maxLength(`${at}.product.imageUrl`, item.product.imageUrl, PAYMENT_LINK_LIMITS.imageUrl);
    }
    if (!Number.isInteger(item.quantity) || item.quantity < 1) add(`${at}.quantity`, 'The quantity must be a whole number of 1 or more.');
  });

  (req.metadata ?? []).forEach((m, i) => {
    if (m.name.trim() === '') add(`metadata[${i}].name`, 'A metadata entry needs a name.');
    if (m.value === '') add(`metadata[${i}].value`, 'A metadata entry needs a value.');
  });

  if (req.expirationMinutes !== undefined && (!Number.isInteger(req.expirationMinutes) || req.expirationMinutes < 1))
    add('expirationMinutes', 'expirationMinutes must be a whole number of minutes, 1 or more (default 1440).');
  return errors;
}
