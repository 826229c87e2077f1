import { isRecord } from '../../../shared/validation/is-record';

const MASK = '•••';

/** Bearer values never leave the core: the page sees that one was sent, not what it was. */
export function maskHeaders(headers: Record<string, string>): Array<[string, string]> {
  return Object.entries(headers).map(([name, value]) =>
    name.toLowerCase() === 'authorization' ? [name, value.replace(/^(\w+)\s+.*$/, `$1 ${MASK}`)] : [name, value],
  );
}

/**
 * A request body as the page may show it: the card number keeps its last four digits and the
 * cvv is hidden, as a payment log would. Everything else is shown as sent.
 */
export function maskRequestBody(body: unknown): unknown {
  if (!isRecord(body) || !isRecord(body.card)) return body;
  const card: Record<string, unknown> = { ...body.card };
  if (typeof card.number === 'string') card.number = `${MASK} ${card.number.slice(-4)}`;
  if (card.cvv !== undefined) card.cvv = MASK;
  return { ...body, card };
}
