/**
 * From facts to the answer: the findings merged into one cause per code, each with the sentence a
 * person acts on and the fix (an exact command where there is one), in the order to fix them.
 */
import { plural } from '../text/plural';
import { shellQuote } from '../text/shell-quote';
import type { OrderFacts } from './facts';
import { eventFindings, stateFindings, type Finding } from './findings';
import { CAUSE_CODES, type Cause, type CauseCode, type Explanation } from './model';
import { bounded, refs } from './words';

const unique = <T>(values: readonly T[]): T[] => [...new Set(values)];

/** The exact resend of these history deliveries (each resends its event), as `hooklab resend` takes them. */
export function resendCommand(historyIds: readonly number[]): string {
  return historyIds.map((id) => `hooklab resend ${id}`).join(' && ');
}

interface Merged {
  readonly order: string;
  readonly findings: readonly Finding[];
  readonly eventIds: readonly number[];
  readonly resendIds: readonly number[];
  readonly urls: readonly string[];
}

type Words = (m: Merged, facts: OrderFacts) => { summary: string; fix: string | null };

const events = (m: Merged) =>
  `${m.eventIds.length === 1 ? 'event' : 'events'} ${refs(m.eventIds, '')}`;
const resendFix = (m: Merged, first = '') =>
  m.resendIds.length > 0
    ? `${first}${resendCommand(m.resendIds)} (or Resend in the Why? panel)`
    : null;

const WORDS: Record<Exclude<CauseCode, 'ok'>, Words> = {
  'pending-at-service': (m) => ({
    summary: `The service has not delivered ${events(m)} of ${m.order} (failed attempts or none yet): resend ${m.eventIds.length === 1 ? 'it' : 'them'}.`,
    fix: resendFix(m),
  }),
  'other-url': (m, facts) => {
    const there = m.urls.map(bounded).join(', ');
    const ours = facts.publicUrl ? bounded(facts.publicUrl) : "this Hooklab's address";
    if (m.findings.every((f) => f.answeredByAnother))
      return {
        summary: `Something else answered ${events(m)} of ${m.order} at this Hooklab's URL ${there}, so the service will not retry: find what answers there, then resend.`,
        fix: resendFix(
          m,
          `Stop whatever answers at ${there} in Hooklab's place (Settings → Public URL shows the address), then: `,
        ),
      };
    return {
      summary: `The service sent ${events(m)} of ${m.order} to ${there}, which is not this Hooklab's URL: point the store's webhook at ${ours} and resend.`,
      fix: resendFix(m, `Set the store's webhook URL to ${ours} (or remove ${there}), then: `),
    };
  },
  'wrong-key': (m) => ({
    summary: `${capital(events(m))} of ${m.order} arrived signed with a key Hooklab does not accept: the store signs with another key than the one configured.`,
    fix: "Add or accept the store's current webhook key in Settings → Webhook keys (or the key your sender signs with), never pasting it into a chat or a file.",
  }),
  'body-changed': (m) => ({
    summary: `${capital(events(m))} of ${m.order} arrived with a body that is not the one the service signed: something on the way re-serialised or cut it.`,
    fix: 'Pass the body through byte for byte: no proxy, middleware or JSON parser may rewrite it before the signature is checked.',
  }),
  'signature-missing': (m) => ({
    summary: `${capital(events(m))} of ${m.order} arrived without an X-Svc-Hmac-Sha256 signature: whatever sent or relayed ${m.eventIds.length === 1 ? 'it' : 'them'} dropped the header.`,
    fix: 'Keep the X-Svc-Hmac-Sha256 header on the way (a proxy or relay must forward every X-Svc-* header).',
  }),
  'handler-refused': (m) => ({
    summary: `Your handler answered 4xx to correctly signed ${events(m)} of ${m.order}: it verifies the signature wrongly or rejects a valid event.`,
    fix:
      m.urls.length > 0
        ? `hooklab check-handler ${shellQuote(m.urls[0]!)} (checks the handler with valid and forged signatures)`
        : null,
  }),
  'handler-error': (m) => ({
    summary: `Your handler failed on ${events(m)} of ${m.order} (5xx or no answer): fix the error, then replay ${m.findings.length === 1 ? 'the delivery' : 'the deliveries'}.`,
    fix:
      unique(m.findings.flatMap((f) => f.deliveryIds))
        .map((id) => `hooklab replay ${id}${m.urls[0] ? ` --to ${shellQuote(m.urls[0])}` : ''}`)
        .join(' && ') || null,
  }),
  'state-mismatch': (m) => ({
    summary: `Your handler's state for ${m.order} disagrees with what its events lead to: it applied an event wrongly or missed one.`,
    fix: null,
  }),
  'out-of-order': (m) => ({
    summary: `Events of ${m.order} arrived out of order and it mattered: order them by X-Svc-Event-Created in your handler, not by arrival.`,
    fix: null,
  }),
  duplicate: (m) => ({
    summary: `Events of ${m.order} arrived more than once and it mattered: make your handler idempotent on X-Svc-Event-Id (answer a repeat 2xx, change nothing).`,
    fix: null,
  }),
};

const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** The deliveries an ok answer lists one by one (the rest are counted). */
const OK_DELIVERIES_LISTED = 20;

function okCause(facts: OrderFacts, order: string): Cause {
  const received = [...facts.received.values()];
  const forwarded = received.filter((r) => r.forwards.length > 0).length;
  const evidence = [
    `${plural(received.length, 'delivery', 'deliveries')} received, every event verified or unchecked`,
    ...received
      .slice(0, OK_DELIVERIES_LISTED)
      .map(
        (r) =>
          `delivery #${r.id} (${bounded(r.eventType ?? '?')}, event ${r.eventId ?? '-'}) received ${r.receivedAt}: signature ${r.signature}, answered ${r.answeredStatus ?? '-'}`,
      ),
    ...(forwarded > 0
      ? [`${plural(forwarded, 'delivery', 'deliveries')} forwarded, each answered 2xx`]
      : []),
    ...(facts.state
      ? [
          facts.state.verdict.outcome === 'agrees'
            ? `${bounded(facts.state.url)} agrees with the derived states`
            : `${bounded(facts.state.url)} not compared: ${bounded(facts.state.verdict.reason ?? 'no field reported')}`,
        ]
      : []),
    ...facts.unread,
  ];
  return {
    code: 'ok',
    summary: `Every event of ${order} arrived, verified and was answered 2xx${facts.state?.verdict.outcome === 'agrees' ? ", and the handler's state agrees" : ''}: nothing to fix.`,
    evidence,
    fix: null,
    deliveryIds: received.map((r) => r.id).sort((a, b) => a - b),
    eventIds: unique(facts.events.flatMap((e) => e.eventIds)).map(String),
  };
}

/** The causes of `facts`, what to fix first first; `[ok]` when nothing is wrong. */
export function judgeOrder(facts: OrderFacts, checkedAt: string): Explanation {
  const order = facts.orderId === null ? 'this delivery' : `order ${bounded(facts.orderId)}`;
  const findings = [...eventFindings(facts), ...stateFindings(facts, checkedAt)];
  const causes: Cause[] = [];
  for (const code of CAUSE_CODES) {
    if (code === 'ok') continue;
    const mine = findings.filter((f) => f.code === code).sort((a, b) => a.at.localeCompare(b.at));
    if (mine.length === 0) continue;
    const merged: Merged = {
      order,
      findings: mine,
      eventIds: unique(mine.flatMap((f) => f.eventIds)),
      resendIds: unique(mine.flatMap((f) => f.resendIds)),
      urls: unique(mine.flatMap((f) => (f.url === undefined ? [] : [f.url]))),
    };
    const words = WORDS[code](merged, facts);
    causes.push({
      code,
      ...words,
      evidence: unique([
        ...mine.map((f) => f.evidence),
        ...(causes.length === 0 ? facts.unread : []),
      ]),
      deliveryIds: unique(mine.flatMap((f) => f.deliveryIds)).sort((a, b) => a - b),
      eventIds: merged.eventIds.map(String),
    });
  }
  if (causes.length === 0) causes.push(okCause(facts, order));
  return { orderId: facts.orderId, ok: causes[0]!.code === 'ok', causes, checkedAt };
}
