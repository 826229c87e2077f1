import { hash } from 'node:crypto';
import type { HmacSha256 } from '../../../../shared/signing';
import { verifySignature, type KnownKey } from '../../../../shared/signing/diagnose';
import { SIGNATURE_HEADER } from '../../../../shared/service';
import type { ListenerAnswer, ListenerSettings } from '../../../../shared/settings';
import { chooseAnswer } from './answer-policy';
import type { IncomingDelivery, Truncation } from '../../../services/data/delivery-store';
import { inspectBody, readEventHeaders } from './inspect';

/** A request as the listener received it, before anything was decided about it. */
export interface RawDelivery {
  readonly receivedAtMs: number;
  readonly method: string;
  readonly path: string;
  /** Name/value pairs in the order and case received (headerPairs of Node's rawHeaders, built once). */
  readonly headers: ReadonlyArray<readonly [string, string]>;
  /** Exactly the bytes received, or those kept of a body that is not whole (see truncation). */
  readonly body: Uint8Array;
  /** The declared size when known, else the bytes seen. */
  readonly bodySize: number;
  readonly truncation: Truncation | null;
}

/** What judging needs besides the request, read from settings and secrets when its batch is sent. */
export interface JudgeContext {
  /** Current key first, then earlier ones (accepted or retired), with their values. */
  readonly keys: readonly KnownKey[];
  readonly answers: Pick<ListenerSettings, 'answer' | 'rules'>;
  /** The handler's status will be the answer (decided after forwarding). */
  readonly passThrough: boolean;
}

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
  // The first value of each header by lower-case name; no prototype, so a header named
  // "constructor" is just a header.
  const firstValues = Object.create(null) as Record<string, string>;
  for (const [name, value] of headers) firstValues[name.toLowerCase()] ??= value;
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
    event: readEventHeaders(firstValues),
    fields,
    bodyKind,
    verdict: verifySignature({ hmac, body: raw.body, signature: firstValues[SIGNATURE_HEADER], keys: context.keys, truncation }),
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

/** Node's rawHeaders as name/value pairs, in the order and case received. */
export function headerPairs(rawHeaders: readonly string[]): Array<[string, string]> {
  const pairs: Array<[string, string]> = [];
  for (let i = 0; i + 1 < rawHeaders.length; i += 2) pairs.push([rawHeaders[i]!, rawHeaders[i + 1]!]);
  return pairs;
}
