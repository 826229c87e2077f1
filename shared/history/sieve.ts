import type { FilterableDeliveryField } from '../service/webhooks';

/** Operators of the list filter grammar (see docs/service.md#filters). */
export const SIEVE_OPERATORS = ['==', '!=', '>', '<', '>=', '<=', '@=', '_='] as const;
export type SieveOperator = (typeof SIEVE_OPERATORS)[number];

/** One `field op value` term; terms are joined with a comma, which means AND. */
export interface SieveCondition {
  readonly field: FilterableDeliveryField;
  readonly op: SieveOperator;
  readonly value: string;
}

/** Commas and pipes separate terms and alternatives in the grammar, so a literal one is escaped. */
function escapeValue(value: string): string {
  return value.replace(/([\\,|])/g, '\\$1');
}

/**
 * Builds a `filters` value from the controls' conditions plus an expert's raw text, which is
 * appended as is (it is already in the grammar). Empty parts are dropped.
 */
export function buildSieveFilter(conditions: readonly SieveCondition[], raw = ''): string {
  const terms = conditions
    .filter((c) => c.value.trim() !== '')
    .map((c) => `${c.field}${c.op}${escapeValue(c.value.trim())}`);
  const extra = raw.trim();
  if (extra !== '') terms.push(extra);
  return terms.join(',');
}

const TERM = /^\s*([A-Za-z]+)\s*(==|!=|>=|<=|>|<|@=|_=)/;

/** Splits a filter on the commas that separate terms (not escaped ones). */
export function splitSieveTerms(filters: string): string[] {
  const terms: string[] = [];
  let current = '';
  for (let i = 0; i < filters.length; i++) {
    const ch = filters[i] as string;
    if (ch === '\\' && i + 1 < filters.length) {
      current += ch + (filters[i + 1] as string);
      i++;
    } else if (ch === ',') {
      terms.push(current);
      current = '';
    } else current += ch;
  }
  if (current.trim() !== '') terms.push(current);
  return terms.filter((t) => t.trim() !== '');
}

const SLOW_FIELDS = new Set(['delivered', 'created', 'eventtype']);

/**
 * The warning (see docs/service.md#filters): filters on delivered, created or eventType without an `id>` (or `id>=`)
 * bound are slow on stores with long history. Returns the message, or null when none applies.
 */
export function slowFilterWarning(filters: string): string | null {
  const fields = splitSieveTerms(filters).map((t) => TERM.exec(t));
  const slow = fields.filter((m) => m && SLOW_FIELDS.has((m[1] as string).toLowerCase()));
  if (slow.length === 0) return null;
  const bounded = fields.some((m) => m && (m[1] as string).toLowerCase() === 'id' && (m[2] === '>' || m[2] === '>='));
  if (bounded) return null;
  const names = [...new Set(slow.map((m) => (m as RegExpExecArray)[1]))].join(', ');
  return `Filtering on ${names} without an id> bound is slow on stores with a long history (and so is its totalCount); add id>N to narrow it.`;
}
