import type { DeliverySummary } from '../../../../shared/contract/live';

type Trust = Pick<DeliverySummary, 'unverified' | 'eventId' | 'duplicateOf'>;

/**
 * Why an unverified delivery is kept apart. It carries an event id; that says nothing about
 * whether the event exists, so it is never called a "copy" of one.
 */
export function keptApartText(d: Trust): string {
  const carrying = d.eventId !== null ? `Unverified delivery carrying event id ${d.eventId}` : 'Unverified delivery';
  return `${carrying}: never counted as a copy, an attempt or order evidence of a verified delivery.`;
}

/**
 * The duplicate row of the detail. An unverified delivery is compared only with unverified
 * ones, so its row says that, and "none" when it is the first of them: one statement, not a
 * "copy of" above and a "no" below.
 */
export function duplicateRow(d: Trust): { label: string; none: string } {
  return d.unverified
    ? { label: 'Earlier unverified delivery', none: d.eventId !== null ? 'none: the first unverified delivery with this event id' : 'none' }
    : { label: 'Duplicate of', none: 'no' };
}
