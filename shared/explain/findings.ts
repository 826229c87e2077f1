/**
 * The rules, event by event: what became of each event of the order on its way from the
 * service to the user's handler. Each finding is one fact with its cause code; causes.ts merges
 * them into one cause per code with its sentence and fix.
 */
import { is2xx } from '../http/status';
import type { EventFact, HistoryFact, OrderFacts, ReceivedFact } from './facts';
import type { CauseCode } from './model';
import { answerWords, bounded } from './words';

export interface Finding {
  readonly code: CauseCode;
  /** When it happened (ISO), to list evidence in time order. */
  readonly at: string;
  readonly evidence: string;
  readonly deliveryIds: readonly number[];
  readonly eventIds: readonly number[];
  /** History deliveries to resend (the newest of each event never received here). */
  readonly resendIds: readonly number[];
  /** other-url: where the service sent it; handler-*: the handler's URL. */
  readonly url?: string;
  /** other-url: something answered at this Hooklab's own URL in its place. */
  readonly answeredByAnother?: boolean;
}

/** A signature the listener judged good enough to act on: verified, or no key to check with. */
const acceptable = (r: ReceivedFact) => r.signature === 'valid' || r.signature === 'no-key';

const BODY_KINDS = new Set(['re-serialised', 'body-changed', 'body-truncated', 'body-cut-off']);

function historyLine(h: HistoryFact): string {
  const answer = h.status === 0 ? 'no answer yet (status 0)' : `answered ${h.status}`;
  return `history #${h.id} (event ${h.eventId}) sent to ${bounded(h.url)} at ${h.created}: ${answer}${h.delivered ? ', delivered' : ', not delivered'}`;
}

/** The event ids the service logged that never arrived here: pending, or sent elsewhere. */
function arrivalFindings(
  facts: OrderFacts,
  event: EventFact,
  history: readonly HistoryFact[],
): Finding[] {
  // Any copy counts, in any of the order's rows: an unverified copy is a row of its own.
  const arrived = new Set([...facts.received.values()].map((r) => r.eventId));
  const findings: Finding[] = [];
  for (const eventId of event.eventIds) {
    if (arrived.has(eventId)) continue;
    const logged = history.filter((h) => h.eventId === eventId).sort((a, b) => a.id - b.id);
    const newest = logged.at(-1);
    if (!newest) continue;
    const elsewhere = facts.elsewhere.find((g) => g.eventIds.includes(eventId));
    const base = {
      at: newest.created,
      deliveryIds: [],
      eventIds: [eventId],
      resendIds: [newest.id],
    };
    if (elsewhere) {
      const there = logged.filter(
        (h) => elsewhere.cause === 'answered-by-another' || h.url === elsewhere.url,
      );
      for (const h of there.length > 0 ? there : [newest])
        findings.push({
          ...base,
          at: h.created,
          code: 'other-url',
          evidence: historyLine(h),
          url: elsewhere.url,
          answeredByAnother: elsewhere.cause === 'answered-by-another',
        });
    } else if (!logged.some((h) => h.delivered)) {
      for (const h of logged)
        findings.push({
          ...base,
          at: h.created,
          code: 'pending-at-service',
          evidence: historyLine(h),
        });
    }
  }
  return findings;
}

/** Why copies that arrived did not verify, when none of the event's copies did. */
function signatureFindings(event: EventFact, received: readonly ReceivedFact[]): Finding[] {
  if (received.length === 0 || received.some(acceptable)) return [];
  return received
    .filter((r) => r.signature !== 'unverifiable' || r.diagnosis?.kind !== 'sent-by-agent')
    .map((r) => {
      const code: CauseCode =
        r.signature === 'missing'
          ? 'signature-missing'
          : r.diagnosis && (BODY_KINDS.has(r.diagnosis.kind) || r.signature === 'unverifiable')
            ? 'body-changed'
            : 'wrong-key';
      const why =
        r.signature === 'missing'
          ? 'no X-Svc-Hmac-Sha256 header'
          : r.diagnosis
            ? bounded(r.diagnosis.message)
            : `signature ${r.signature}`;
      return {
        code,
        at: r.receivedAt,
        evidence: `delivery #${r.id} (${bounded(event.type)}, event ${r.eventId ?? '-'}) received ${r.receivedAt}: signature ${r.signature}: ${why}`,
        deliveryIds: [r.id],
        eventIds: r.eventId === null ? [] : [r.eventId],
        resendIds: [],
      };
    });
}

/**
 * What the handler answered to the verified copies. A failure a later copy made good is
 * history; a repeat or a late event the handler failed on is the sequence's doing.
 */
function handlerFindings(event: EventFact, received: readonly ReceivedFact[]): Finding[] {
  const copies = received.filter(acceptable).sort((a, b) => a.id - b.id);
  const handled = (r: ReceivedFact) =>
    r.forwards.length > 0 && r.forwards.every((f) => is2xx(f.status));
  const findings: Finding[] = [];
  copies.forEach((copy, i) => {
    const failed = copy.forwards.filter((f) => !is2xx(f.status));
    if (failed.length === 0) return;
    const earlierHandled = copies.slice(0, i).some(handled);
    const laterHandled = copies.slice(i + 1).some(handled);
    if (laterHandled && copy.duplicateOf === null && !copy.outOfOrder) return;
    for (const f of failed) {
      const code: CauseCode =
        copy.duplicateOf !== null && earlierHandled
          ? 'duplicate'
          : copy.outOfOrder
            ? 'out-of-order'
            : f.status !== null && f.status >= 400 && f.status < 500
              ? 'handler-refused'
              : 'handler-error';
      const repeat =
        code === 'duplicate'
          ? `, a repeat of #${copy.duplicateOf} which it answered 2xx`
          : code === 'out-of-order'
            ? ', which arrived out of order'
            : '';
      const signature =
        copy.signature === 'valid'
          ? `signature valid${copy.keyName ? ` with ${bounded(`"${copy.keyName}"`)}` : ''}`
          : 'no key to verify with';
      const exception = f.exception ? `; the trace's exception: ${bounded(f.exception)}` : '';
      findings.push({
        code,
        at: copy.receivedAt,
        evidence: `delivery #${copy.id} (${bounded(event.type)}, event ${copy.eventId ?? '-'}, ${signature}) received ${copy.receivedAt}: ${bounded(f.target)} answered ${answerWords(f.status, f.error)}${f.latencyMs !== null ? ` in ${Math.round(f.latencyMs)} ms` : ''}${repeat}${exception}`,
        deliveryIds: [copy.id],
        eventIds: copy.eventId === null ? [] : [copy.eventId],
        resendIds: [],
        url: f.target,
      });
    }
  });
  return findings;
}

/** Every finding about the order's events, in event order. */
export function eventFindings(facts: OrderFacts): Finding[] {
  return facts.events.flatMap((event) => {
    const received = event.receivedIds.flatMap((id) => facts.received.get(id) ?? []);
    const ids = new Set(event.eventIds);
    const history = [...facts.history.values()].filter(
      (h) => ids.has(h.eventId) || event.historyIds.includes(h.id),
    );
    return [
      ...arrivalFindings(facts, event, history),
      ...signatureFindings(event, received),
      ...handlerFindings(event, received),
    ];
  });
}

/** The handler's state against the derived states, and the sequence's flags that explain a difference. */
export function stateFindings(facts: OrderFacts, at: string): Finding[] {
  const verdict = facts.state?.verdict;
  if (!facts.state || verdict?.outcome !== 'differs') return [];
  const differing = verdict.fields.filter((f) => f.outcome === 'differs');
  const findings: Finding[] = differing.map((f) => ({
    code: 'state-mismatch',
    at,
    evidence: `${bounded(facts.state!.url)}: ${f.label} at ${bounded(f.handlerKey ?? f.field)} is ${bounded(f.handler ?? 'none')}, Hooklab derives ${f.expected ?? 'none'}`,
    deliveryIds: [],
    eventIds: [],
    resendIds: [],
    url: facts.state!.url,
  }));
  // The sequence went wrong and the handler's state shows it mattered.
  for (const flag of facts.flags) {
    if (flag.kind !== 'out-of-order' && flag.kind !== 'duplicate') continue;
    const events = facts.events.filter((e) => flag.eventKeys.includes(e.key));
    findings.push({
      code: flag.kind,
      at,
      evidence: `Sequences: ${bounded(flag.message)}`,
      deliveryIds: events.flatMap((e) => e.receivedIds),
      eventIds: events.flatMap((e) => e.eventIds),
      resendIds: [],
    });
  }
  return findings;
}
