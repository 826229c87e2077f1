/**
 * Which fields of a body hold a person's data (interface 2.2, 2.7 and 6.5): the buyer's name,
 * phone, e-mail and external id, the invoice's name, address and tax code, checkout and item
 * notes, card holder names. Everything else (ids, amounts, statuses, times) is not personal.
 */
export type PersonalKind = 'name' | 'email' | 'phone' | 'external-id' | 'address' | 'tax-code' | 'note';

/** Keys that are personal wherever they are (SuccessPayment metadata, 6.5; a card's holder, 2.2). */
const ANYWHERE: Readonly<Record<string, PersonalKind>> = {
  buyername: 'name',
  buyerphone: 'phone',
  buyeremail: 'email',
  buyerexternalid: 'external-id',
  checkoutnote: 'note',
  invoicename: 'name',
  invoiceaddress: 'address',
  invoicetaxcode: 'tax-code',
  cardholder: 'name',
  cardholdername: 'name',
};

/** Keys that are personal inside one object: a payment method's `customer` (2.2), an order's `buyer` (2.7). */
const INSIDE: Readonly<Record<string, Readonly<Record<string, PersonalKind>>>> = {
  customer: { id: 'external-id', name: 'name', email: 'email', phonenumber: 'phone', phone: 'phone' },
  buyer: { name: 'name', phone: 'phone', email: 'email', externalid: 'external-id' },
};

/** `x@y.z`: a value of any personal field that is an e-mail address stays one. */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * The kind of personal data at a path of keys and array indexes (`['metadata', 'BuyerEmail']`),
 * or null. Keys are compared without case; an item's `note` of `orderDetail` (6.5) is a note
 * the buyer wrote, as the checkout note is.
 */
export function personalKind(path: readonly (string | number)[], value: string): PersonalKind | null {
  const key = path.at(-1);
  if (typeof key !== 'string') return null;
  const name = key.toLowerCase();
  const parent = path.at(-2);
  const grandparent = path.at(-3);
  let kind: PersonalKind | null = ANYWHERE[name] ?? (typeof parent === 'string' ? (INSIDE[parent.toLowerCase()]?.[name] ?? null) : null);
  if (kind === null && name === 'note' && typeof parent === 'number' && typeof grandparent === 'string' && grandparent.toLowerCase() === 'orderdetail') kind = 'note';
  if (kind !== null && kind !== 'email' && EMAIL.test(value.trim())) return 'email';
  return kind;
}
