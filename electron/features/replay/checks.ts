import type { TamperPreset } from '../../../shared/contract/replay-drafts';
import type { CheckEvidence, CheckId } from '../../../shared/contract/replay-checks';
import type { ExchangeResult } from '../../services/net/exchange';
import { checkEvent, largeEvent, prettyCheckEvent, shippingUpdates, unknownTypeEvent, UNKNOWN_EVENT_TYPE } from './check-requests';
import { is2xx } from '../../../shared/http/status';
import { formatBytes } from '../../../shared/text/bytes';

/** What a check can do: send one signed (or tampered) event and get its evidence back. */
export interface CheckContext {
  /** The service's answer deadline (10 s); the timely-response check holds the handler to it. */
  readonly deadlineMs: number;
  /** A fresh unique event id. */
  newEventId(): string;
  /** A fresh order id, so checks never share an order. */
  newOrderId(): string;
  post(probe: Probe): Promise<Sent>;
}

/** One request of a check. */
export interface Probe {
  readonly label: string;
  readonly body: string;
  readonly eventId: string;
  readonly eventCreated?: string;
  readonly tamper?: TamperPreset;
  /** Per request; defaults to three times the deadline (a slow handler fails timely-response only). */
  readonly timeoutMs?: number;
}

export interface Sent {
  readonly evidence: CheckEvidence;
  readonly result: ExchangeResult;
}

/** What one check concluded. */
export interface CheckOutcome {
  readonly passed: boolean;
  readonly message: string;
  readonly warning?: string;
  /** Which statuses count as right for this check (to point at the exchange that decided). */
  readonly okStatus?: (status: number) => boolean;
}

export interface CheckDefinition {
  readonly id: CheckId;
  readonly title: string;
  /** What to change in the handler when the check fails, in plain words. */
  readonly fix: string;
  run(ctx: CheckContext): Promise<CheckOutcome>;
}

const SLOW_MS = 2_000;
const isRejection = (status: number) => !is2xx(status);

/** "200 in 12 ms" or the error, for messages. */
function answer(s: Sent): string {
  if (!s.result.ok) return s.result.error;
  return `${s.result.answer.status} in ${Math.round(s.result.latencyMs)} ms`;
}

function status(s: Sent): number | null {
  return s.result.ok ? s.result.answer.status : null;
}

/** A check whose one request must be refused (non-2xx): the signature defences. */
function mustReject(id: CheckId, title: string, fix: string, what: string, send: (ctx: CheckContext) => Promise<Sent>): CheckDefinition {
  return {
    id,
    title,
    fix,
    async run(ctx) {
      const sent = await send(ctx);
      const s = status(sent);
      if (s === null) return { passed: false, message: `${what}: no answer (${answer(sent)}); a handler must refuse it with 401`, okStatus: isRejection };
      return is2xx(s)
        ? { passed: false, message: `${what} was accepted (${answer(sent)}): your handler would act on a forged event`, okStatus: isRejection }
        : { passed: true, message: `${what} was refused (${answer(sent)})`, okStatus: isRejection };
    },
  };
}

/** A check whose requests must all be acknowledged (2xx). */
function allAcknowledged(sent: Sent[], what: string): CheckOutcome {
  const bad = sent.find((s) => status(s) === null || !is2xx(status(s)!));
  if (bad) return { passed: false, message: `${what}: “${bad.evidence.label}” got ${answer(bad)}`, okStatus: is2xx };
  return { passed: true, message: `${what}: every request got 2xx (${sent.map(answer).join('; ')})`, okStatus: is2xx };
}

/** The ten checks, with the stable ids of the issue. */
export const CHECKS: readonly CheckDefinition[] = [
  {
    id: 'valid-signature-accepted',
    title: 'A correctly signed event is accepted',
    fix:
      'Accept an event whose X-Svc-Hmac-Sha256 equals the Base64 HMAC-SHA256 of the raw request body keyed with your webhook key, and answer 2xx. ' +
      'If it is refused, check that the handler uses the same key Hooklab signed with.',
    async run(ctx) {
      const sent = await ctx.post({ label: 'SuccessPayment, signed', body: checkEvent('SuccessPayment', ctx.newOrderId()), eventId: ctx.newEventId() });
      const s = status(sent);
      if (s === null || !is2xx(s)) return { passed: false, message: `a correctly signed SuccessPayment got ${answer(sent)}`, okStatus: is2xx };
      const slow = sent.result.latencyMs > SLOW_MS;
      return {
        passed: true,
        message: `a correctly signed SuccessPayment got ${answer(sent)}`,
        okStatus: is2xx,
        ...(slow ? { warning: `answered in ${(sent.result.latencyMs / 1000).toFixed(1)} s: answer 2xx first and process afterwards` } : {}),
      };
    },
  },
  mustReject(
    'invalid-signature-rejected',
    'A signature made with a wrong key is refused',
    'Verify X-Svc-Hmac-Sha256 on every request (HMAC-SHA256 of the raw body with your key, Base64, constant-time comparison) and answer 401 when it does not match.',
    'an event signed with a wrong key',
    (ctx) => ctx.post({ label: 'signed with a wrong key', body: checkEvent('SuccessPayment', ctx.newOrderId()), eventId: ctx.newEventId(), tamper: 'wrong-key' }),
  ),
  mustReject(
    'missing-signature-rejected',
    'An event without a signature is refused',
    'Refuse (401) a request that has no X-Svc-Hmac-Sha256 header instead of skipping verification.',
    'an event without X-Svc-Hmac-Sha256',
    (ctx) =>
      ctx.post({ label: 'no signature header', body: checkEvent('SuccessPayment', ctx.newOrderId()), eventId: ctx.newEventId(), tamper: 'missing-signature' }),
  ),
  mustReject(
    'reserialised-body-rejected',
    'A signature over re-serialised JSON is refused',
    'Verify the signature over the raw request body, before any JSON parsing: not over JSON.stringify of the parsed body (whitespace, key order and number formats change the bytes).',
    'a pretty-printed body carrying the signature of its compact JSON',
    (ctx) =>
      ctx.post({
        label: 'body pretty-printed, signature over the compact JSON',
        body: prettyCheckEvent('SuccessPayment', ctx.newOrderId()),
        eventId: ctx.newEventId(),
        tamper: 'reserialised',
      }),
  ),
  mustReject(
    'hex-signature-rejected',
    'A hex-encoded signature is refused',
    'Compare against the Base64 encoding of the HMAC only: the service never sends hex, so accepting hex widens what a forger can send.',
    'the right HMAC written in hex',
    (ctx) => ctx.post({ label: 'HMAC in hex', body: checkEvent('SuccessPayment', ctx.newOrderId()), eventId: ctx.newEventId(), tamper: 'hex-signature' }),
  ),
  {
    id: 'duplicate-event-acknowledged',
    title: 'A redelivered event is acknowledged',
    fix:
      'Deduplicate by X-Svc-Event-Id and answer 2xx to an event you have already processed, also when two copies arrive at once: delivery is at least once, ' +
      'so a refusal only makes the service retry.',
    async run(ctx) {
      const first = ctx.newEventId();
      const body = checkEvent('SuccessPayment', ctx.newOrderId());
      const sent = [await ctx.post({ label: `event ${first}, first delivery`, body, eventId: first })];
      sent.push(await ctx.post({ label: `event ${first}, second delivery`, body, eventId: first }));
      const second = ctx.newEventId();
      const body2 = checkEvent('SuccessPayment', ctx.newOrderId());
      sent.push(
        ...(await Promise.all([
          ctx.post({ label: `event ${second}, concurrent copy 1`, body: body2, eventId: second }),
          ctx.post({ label: `event ${second}, concurrent copy 2`, body: body2, eventId: second }),
        ])),
      );
      return allAcknowledged(sent, 'the same event id twice in a row, then twice at once');
    },
  },
  {
    id: 'unknown-event-type-acknowledged',
    title: 'An event of an unknown type is acknowledged',
    fix: 'Answer 2xx to event types you do not handle, and ignore them: the service may add types, and a refusal only makes it retry.',
    async run(ctx) {
      const sent = await ctx.post({ label: `type ${UNKNOWN_EVENT_TYPE}`, body: unknownTypeEvent(ctx.newOrderId()), eventId: ctx.newEventId() });
      return allAcknowledged([sent], `an event of type ${UNKNOWN_EVENT_TYPE}`);
    },
  },
  {
    id: 'out-of-order-acknowledged',
    title: 'Events of one order arriving out of order are acknowledged',
    fix:
      'Accept events in any order: the service does not guarantee it. Use X-Svc-Event-Created (or the statuses) to decide what is newest instead of refusing an event that arrives late.',
    async run(ctx) {
      const order = ctx.newOrderId();
      const updates = shippingUpdates(order);
      const createdBase = Date.now() - 60_000;
      const stamped = updates.map((body, i) => ({ body, eventId: ctx.newEventId(), created: new Date(createdBase + i * 1000).toISOString(), step: i + 1 }));
      const sent: Sent[] = [];
      for (const u of [...stamped].reverse()) {
        sent.push(await ctx.post({ label: `Updated step ${u.step} of ${stamped.length}`, body: u.body, eventId: u.eventId, eventCreated: u.created }));
      }
      return allAcknowledged(sent, `order ${order}'s shipping updates in reverse order`);
    },
  },
  {
    id: 'large-payload-acknowledged',
    title: 'A 1 MB event is acknowledged',
    fix: 'Raise the request body size limit of your handler (and of any proxy in front of it) above 1 MB: a SuccessPayment of a large order is that big.',
    async run(ctx) {
      const body = largeEvent(ctx.newOrderId());
      const sent = await ctx.post({ label: `SuccessPayment of ${formatBytes(body.length)}`, body, eventId: ctx.newEventId() });
      return allAcknowledged([sent], `a ${formatBytes(body.length)} event`);
    },
  },
  {
    id: 'timely-response',
    title: 'A valid event is answered within the service’s deadline',
    fix: 'Answer 2xx at once and process the event afterwards (a queue or a background job): past the deadline the service counts the delivery as failed and retries it.',
    async run(ctx) {
      const sent = await ctx.post({
        label: 'SuccessPayment, timed',
        body: checkEvent('SuccessPayment', ctx.newOrderId()),
        eventId: ctx.newEventId(),
        timeoutMs: ctx.deadlineMs,
      });
      const within = `the service’s ${(ctx.deadlineMs / 1000).toFixed(ctx.deadlineMs % 1000 ? 1 : 0)} s`;
      if (!sent.result.ok) return { passed: false, message: `no answer within ${within} (${sent.result.error})`, okStatus: () => true };
      return { passed: true, message: `answered ${answer(sent)}, within ${within}`, okStatus: () => true };
    },
  },
];
