import type { PaymentMethodResponse } from '../../shared/service';
import { TEST_CARDS, type SandboxTestCard } from '../../shared/emulator/test-cards';
import { isRecord } from '../../shared/validation/is-record';
import { validationProblem } from './http';
import { randomId, type SandboxState } from './state';
import type { PaymentMethodRecord, StoreRecord } from './types';

const DEFAULT_CARD: SandboxTestCard = { behaviour: 'succeed', countryCode: 'SLV', issuerName: 'Banco Sandbox' };

/** Luhn checksum. */
export function luhnValid(number: string): boolean {
  let sum = 0;
  for (let i = 0; i < number.length; i++) {
    let d = Number(number[number.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return number.length > 0 && sum % 10 === 0;
}

/** Card brand from the leading digits. */
export function brandOf(number: string): string {
  if (/^4/.test(number)) return 'VISA';
  if (/^(5[1-5]|2(2[2-9]|[3-6]\d|7[01]|720))/.test(number)) return 'MASTERCARD';
  if (/^3[47]/.test(number)) return 'AMEX';
  if (/^6(011|5)/.test(number)) return 'DISCOVER';
  return 'UNKNOWN';
}

/** The behaviour and issuer of a card number. */
export function testCard(number: string): SandboxTestCard {
  return TEST_CARDS[number] ?? DEFAULT_CARD;
}

type Errors = Record<string, string[]>;
function add(errors: Errors, field: string, msg: string): void {
  (errors[field] ??= []).push(msg);
}

function requireString(errors: Errors, obj: Record<string, unknown>, path: string, key: string): string {
  const v = obj[key];
  if (typeof v !== 'string' || v.trim() === '') {
    add(errors, `${path}.${key}`, `The ${key} field is required.`);
    return '';
  }
  return v;
}

/**
 * Validates a card number, expiry and cvv; returns the messages per field. Shared by
 * POST /paymentmethods and the control API's pay (which takes a card number).
 */
export function validateCard(
  card: Record<string, unknown>,
  nowMs: number,
  errors: Errors,
  path = 'card',
): void {
  const number = requireString(errors, card, path, 'number');
  if (number && !/^\d{12,19}$/.test(number)) add(errors, `${path}.number`, 'The card number must be 12 to 19 digits.');
  else if (number && !luhnValid(number)) add(errors, `${path}.number`, 'The card number is not valid (Luhn check failed).');
  const month = requireString(errors, card, path, 'expirationMonth');
  const year = requireString(errors, card, path, 'expirationYear');
  const monthOk = /^(0[1-9]|1[0-2])$/.test(month);
  if (month && !monthOk) add(errors, `${path}.expirationMonth`, 'The month must be two digits from 01 to 12.');
  const yearOk = /^\d{4}$/.test(year);
  if (year && !yearOk) add(errors, `${path}.expirationYear`, 'The year must be four digits.');
  if (monthOk && yearOk) {
    const now = new Date(nowMs);
    const nowKey = now.getUTCFullYear() * 12 + now.getUTCMonth();
    if (Number(year) * 12 + Number(month) - 1 < nowKey)
      add(errors, `${path}.expirationYear`, 'The card has expired.');
  }
  const cvv = requireString(errors, card, path, 'cvv');
  if (cvv && !/^\d{3,4}$/.test(cvv)) add(errors, `${path}.cvv`, 'The cvv must be 3 or 4 digits.');
}

/** POST /paymentmethods (see docs/service.md#card-payments): 400 with every bad field named, else the payment method. */
export function createPaymentMethod(
  state: SandboxState,
  store: StoreRecord,
  body: unknown,
): PaymentMethodResponse {
  const errors: Errors = {};
  if (!isRecord(body)) throw validationProblem({ $: ['The request body must be a JSON object.'] });
  const customer = isRecord(body.customer) ? body.customer : null;
  const card = isRecord(body.card) ? body.card : null;
  if (!customer) add(errors, 'customer', 'The customer field is required.');
  else for (const k of ['id', 'name', 'email', 'phoneNumber']) requireString(errors, customer, 'customer', k);
  if (customer && typeof customer.email === 'string' && customer.email && !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(customer.email))
    add(errors, 'customer.email', 'The email is not a valid e-mail address.');
  if (!card) add(errors, 'card', 'The card field is required.');
  else {
    validateCard(card, state.clock.now(), errors);
    requireString(errors, card, 'card', 'cardHolder');
    if (card.singleUse !== undefined && typeof card.singleUse !== 'boolean')
      add(errors, 'card.singleUse', 'singleUse must be a boolean.');
  }
  if (Object.keys(errors).length > 0 || !card || !customer) throw validationProblem(errors);
  const number = String(card.number);
  const info = testCard(number);
  const pm: PaymentMethodRecord = {
    id: randomId('pm_', 12),
    storeId: store.storeId,
    last4: number.slice(-4),
    number,
    brand: brandOf(number),
    issuerName: info.issuerName,
    countryCode: info.countryCode,
    singleUse: card.singleUse === true,
    used: false,
    customer: {
      id: String(customer.id),
      name: String(customer.name),
      email: String(customer.email),
      phoneNumber: String(customer.phoneNumber),
    },
    created: state.nowIso(),
  };
  state.savePaymentMethod(pm);
  return {
    id: pm.id,
    type: 'card',
    bin: { brand: pm.brand, issuerName: pm.issuerName, countryCode: pm.countryCode },
    success: true,
    message: 'Método de pago creado exitosamente',
  };
}
