import { hash } from 'node:crypto';
import type { HmacSha256 } from '../../../../shared/signing';
import { verifySignature, type KnownKey } from '../../../../shared/signing/diagnose';
import { EVENT_CREATED_HEADER, EVENT_ID_HEADER, SIGNATURE_HEADER } from '../../../../shared/service';
import type { SignatureVerdict } from '../../../../shared/signing/diagnose';
import { AGENT_SENT_HEADER, AGENT_SENT_VERDICT } from '../../../../shared/signing/agent-sent';
import type { ListenerAnswer, ListenerSettings } from '../../../../shared/settings';
import { chooseAnswer } from './answer-policy';
import type { IncomingDelivery, ReceivedRequest } from '../../../services/data/received-delivery';
import { inspectBody, readEventHeaders } from './inspect';

/** A request as the listener received it, before anything was decided about it. */
export type RawDelivery = ReceivedRequest;

/** What judging needs besides the request, read from settings and secrets when its batch is sent. */
export interface JudgeContext {
  /** Current key first, then earlier ones (accepted or retired), with their values. */
  readonly keys: readonly KnownKey[];
  readonly answers: Pick<ListenerSettings, 'answer' | 'rules'>;
  /** The handler's status will be the answer (decided after forwarding). */
  readonly passThrough: boolean;
}

/** The headers judging reads (lower case): readEventHeaders', the signature's and the agent's mark. */
const JUDGED_HEADERS: ReadonlySet<string> = new Set([SIGNATURE_HEADER, EVENT_ID_HEADER, EVENT_CREATED_HEADER, AGENT_SENT_HEADER.toLowerCase()]);

/** The answer recorded for a body over the limit (the listener writes its own 413 text). */
const TOO_LARGE: ListenerAnswer = { status: 413, delayMs: 0, body: '', hang: false };
/** A body cut off mid-way gets no answer of ours: the sender is gone (or got Node's 408). */
const NOT_ANSWERED: ListenerAnswer = { status: 408, delayMs: 0, body: '', hang: true };

/**
 * Everything the listener decides from the request alone: signature verdict, body hash, event
 * headers and fields, and how the answer depends on the attempt number (known only once the
 * store has looked for earlier attempts).
 */
export function judgeDelivery(raw: RawDelivery, context: JudgeContext, hmac: HmacSha256): IncomingDelivery {
  const { headers } = raw;
  // The first value of each header judged, by lower-case name, and how often it came. Only
  // those four: every other header (Host, Content-Type...) was a dictionary write per delivery
  // on the listener's thread that nothing read. No prototype, so a header named "constructor"
  // is just a header.
  const firstValues = Object.create(null) as Record<string, string>;
  const counts = Object.create(null) as Record<string, number>;
  for (const [name, value] of headers) {
    const lower = name.toLowerCase();
    if (!JUDGED_HEADERS.has(lower)) continue;
    firstValues[lower] ??= value;
    counts[lower] = (counts[lower] ?? 0) + 1;
  }
  const repeated = repeatedHeaderVerdict(counts);
  const { truncation } = raw;
  const { fields, bodyKind } = inspectBody(raw.body);
  return {
    receivedAtMs: raw.receivedAtMs,
    method: raw.method,
    path: raw.path,
    headers,
    body: raw.body,
    bodySize: raw.bodySize,
    // Of the bytes kept: for a body that is not whole, the detail labels it so.
    bodySha256: hash('sha256', raw.body),
    truncation,
    // Two event ids name no event: a handler sees them joined ("9, 10").
    event: readEventHeaders(repeated ? { ...firstValues, [EVENT_ID_HEADER]: undefined } : firstValues),
    fields,
    bodyKind,
    keyed: context.keys.some((k) => k.accepted),
    verdict:
      repeated ??
      // An agent's event is never verified, however well Hooklab signed it for the agent.
      (firstValues[AGENT_SENT_HEADER.toLowerCase()] !== undefined
        ? AGENT_SENT_VERDICT
        : verifySignature({ hmac, body: raw.body, signature: firstValues[SIGNATURE_HEADER], keys: context.keys, truncation })),
    answerFor: (attempt) =>
      truncation === 'over-limit'
        ? TOO_LARGE
        : truncation === 'cut-off'
          ? NOT_ANSWERED
          : context.passThrough
            ? null
            : chooseAnswer(context.answers, attempt),
  };
}

const REPEATABLE_NOT: ReadonlyArray<readonly [string, string]> = [
  [SIGNATURE_HEADER, 'signature'],
  [EVENT_ID_HEADER, 'event-id'],
];

/**
 * A request with two signature headers (or two event-id headers) is never valid, whatever the
 * first one says: a handler reads them joined ("a, b") and rejects it, and a forger could put a
 * copied signature first. Null when each appears at most once.
 */
export function repeatedHeaderVerdict(counts: Readonly<Record<string, number>>): SignatureVerdict | null {
  // The usual case, without the two arrays below.
  if ((counts[SIGNATURE_HEADER] ?? 0) <= 1 && (counts[EVENT_ID_HEADER] ?? 0) <= 1) return null;
  const twice = REPEATABLE_NOT.filter(([header]) => (counts[header] ?? 0) > 1).map(([, label]) => label);
  if (twice.length === 0) return null;
  const what = twice.map((label) => `two ${label} headers`).join(' and ');
  return {
    outcome: 'invalid',
    keyId: null,
    diagnosis: {
      kind: 'repeated-header',
      message: `${what[0]!.toUpperCase()}${what.slice(1)}: a handler sees the values joined ("a, b") and would reject the delivery, so it is not judged on the first one.`,
    },
  };
}

/** Node's rawHeaders as name/value pairs, in the order and case received. */
export function headerPairs(rawHeaders: readonly string[]): Array<[string, string]> {
  const pairs: Array<[string, string]> = [];
  for (let i = 0; i + 1 < rawHeaders.length; i += 2) pairs.push([rawHeaders[i]!, rawHeaders[i + 1]!]);
  return pairs;
}
