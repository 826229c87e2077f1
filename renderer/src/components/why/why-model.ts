import type { Cause } from '../../../../shared/explain/model';

/** A piece of one evidence line: text, or a row it names (linked to where that row shows). */
export type EvidencePart =
  | { readonly kind: 'text'; readonly text: string }
  /** An ISO time the explainer wrote: the panel shows it as the app's other times are shown. */
  | { readonly kind: 'time'; readonly text: string }
  | { readonly kind: 'delivery'; readonly text: string; readonly id: number }
  | {
      readonly kind: 'history';
      readonly text: string;
      readonly id: number;
      readonly eventId: number;
    };

/**
 * `delivery #12` and `history #34 (event 7)`, as the explainer writes them (shared/explain/findings.ts),
 * and the ISO times it quotes.
 */
const ROW = /delivery #(\d+)|history #(\d+) \(event (\d+)\)|\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?Z/g;

/** One evidence line cut into text and the rows it names, in order. */
export function evidenceParts(line: string): EvidencePart[] {
  const parts: EvidencePart[] = [];
  let at = 0;
  for (const m of line.matchAll(ROW)) {
    if (m.index > at) parts.push({ kind: 'text', text: line.slice(at, m.index) });
    if (m[1] !== undefined) parts.push({ kind: 'delivery', text: m[0], id: Number(m[1]) });
    else if (m[2] === undefined) parts.push({ kind: 'time', text: m[0] });
    else parts.push({ kind: 'history', text: m[0], id: Number(m[2]), eventId: Number(m[3]) });
    at = m.index + m[0].length;
  }
  if (at < line.length) parts.push({ kind: 'text', text: line.slice(at) });
  return parts;
}

/** A cause whose fix is to have the service send its events again: the panel offers the resend as a button. */
export function resendsEvents(cause: Cause): boolean {
  return (
    (cause.code === 'pending-at-service' || cause.code === 'other-url') &&
    cause.eventIds.length > 0 &&
    cause.fix !== null
  );
}

/** The history read the resend needs: every logged delivery of one event. */
export type HistoryOfEvent = (eventId: number) => Promise<ReadonlyArray<{ id: number }>>;

/**
 * The history deliveries to resend for a cause's events: the newest of each (a resend of any
 * delivery sends its event again), as the fix's `hooklab resend` command names them.
 */
export async function resendIdsOf(cause: Cause, historyOf: HistoryOfEvent): Promise<number[]> {
  const ids: number[] = [];
  for (const eventId of cause.eventIds) {
    const deliveries = await historyOf(Number(eventId));
    const newest = deliveries.reduce<number | null>(
      (max, d) => (max === null || d.id > max ? d.id : max),
      null,
    );
    if (newest !== null) ids.push(newest);
  }
  return ids;
}
