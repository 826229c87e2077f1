import type { DeliveryFilter } from './api';

/** The Sieve `filters` value (docs/service.md#filters) for a filter, or undefined for every delivery. */
export function historyFilters(filter: DeliveryFilter): string | undefined {
  const terms: string[] = [];
  if (filter.afterId !== undefined) terms.push(`id>${wholeNumber(filter.afterId, 'afterId')}`);
  // Sieve splits terms on ',' and alternatives on '|': a backslash keeps them literal.
  if (filter.eventType !== undefined) terms.push(`eventType==${filter.eventType.replace(/[\\,|]/g, '\\$&')}`);
  if (filter.delivered !== undefined) terms.push(`delivered==${filter.delivered}`);
  if (filter.responseStatusCode !== undefined) terms.push(`responseStatusCode==${wholeNumber(filter.responseStatusCode, 'responseStatusCode')}`);
  return terms.length > 0 ? terms.join(',') : undefined;
}

function wholeNumber(n: number, name: string): number {
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a whole number`);
  return n;
}
