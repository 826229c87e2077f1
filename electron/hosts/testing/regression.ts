import { compareHandlerState } from '../../../shared/flows/state-verdict';
import { checkExpectation } from '../../../shared/flows/expectations';
import { signedWebhookHeaders } from '../../../shared/signing/webhook-headers';
import { nodeHmac } from '../../services/platform/node-hmac';
import type { ReadState, RecordedEvent, RecordedOrder, ReplayRecordedOrder, SendSignedEvents, SentEvent } from './api';

const TIMEOUT_MS = 10_000;

/** A variable's value, or an error of one line saying which to set and to what. */
function required(value: string | undefined, name: string, what: string): string {
  const given = value?.trim();
  if (!given) throw new Error(`${name} is not set: set it to ${what}`);
  return given;
}

function bodyBytes(event: RecordedEvent, index: number): Uint8Array {
  if (typeof event.body === 'string') return new TextEncoder().encode(event.body);
  if (typeof event.bodyBase64 === 'string') return Uint8Array.from(Buffer.from(event.bodyBase64, 'base64'));
  throw new Error(`event ${index + 1} has neither body nor bodyBase64`);
}

function reason(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  return cause?.code ?? cause?.message ?? (error as Error).message;
}

/**
 * POSTs each event in order to the handler, as the service sends it: the exact body, signed
 * now with the key (X-Svc-Hmac-Sha256), with its recorded event id and created time.
 */
export const sendSignedEvents: SendSignedEvents = async (events, options = {}) => {
  const url = required(options.handlerUrl ?? process.env['HOOKLAB_HANDLER_URL'], 'HOOKLAB_HANDLER_URL', "your webhook handler's URL (e.g. http://localhost:3000/webhooks)");
  const key = required(options.webhookKey ?? process.env['HOOKLAB_WEBHOOK_KEY'], 'HOOKLAB_WEBHOOK_KEY', 'the key your handler verifies signatures with');
  if (!URL.canParse(url)) throw new Error(`HOOKLAB_HANDLER_URL ${url} is not a URL`);
  const sent: SentEvent[] = [];
  for (const [i, event] of events.entries()) {
    const body = bodyBytes(event, i);
    const headers = new Headers([['Content-Type', 'application/json'], ['User-Agent', 'Hooklab-regression-test'], ...signedWebhookHeaders(nodeHmac, key, body, { eventId: event.eventId, eventCreated: event.created })]);
    let status: number;
    try {
      const answer = await fetch(url, { method: 'POST', headers, body, signal: AbortSignal.timeout(TIMEOUT_MS) });
      await answer.arrayBuffer();
      status = answer.status;
    } catch (error) {
      throw new Error(`your handler at ${url} did not answer event ${i + 1} (${event.type ?? 'no type'}): ${reason(error)}`);
    }
    sent.push({ type: event.type, eventId: event.eventId, status });
  }
  return sent;
};

/** The handler's state as JSON, from HOOKLAB_STATE_URL, else `fallback` (the URL given when the test was written). */
export const readState: ReadState = async (fallback) => {
  const url = required(process.env['HOOKLAB_STATE_URL'] || fallback || undefined, 'HOOKLAB_STATE_URL', 'the URL where your handler answers its state as JSON (e.g. http://localhost:3000/state)');
  let answer: Response;
  try {
    answer = await fetch(url, { headers: { Accept: 'application/json' }, signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch (error) {
    throw new Error(`the state URL ${url} did not answer: ${reason(error)}`);
  }
  const text = await answer.text();
  if (!answer.ok) throw new Error(`the state URL ${url} answered ${answer.status}`);
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new Error(`the state URL ${url} answered ${answer.status} without JSON`);
  }
};

function answerFailures(sent: readonly SentEvent[]): string[] {
  return sent.flatMap((s, i) => {
    if (s.status >= 200 && s.status < 300) return [];
    const hint = s.status === 401 || s.status === 403 ? ' (does it verify with the key in HOOKLAB_WEBHOOK_KEY?)' : '';
    return [`event ${i + 1} (${s.type ?? 'no type'}, id ${s.eventId ?? 'none'}): your handler answered ${s.status}, not 2xx${hint}`];
  });
}

function stateFailures(order: RecordedOrder, state: unknown): string[] {
  if (order.expect && order.expect.length > 0) {
    return order.expect.flatMap((e) => checkExpectation(state, { path: e.path, expected: e.value }, order.orderId) ?? []);
  }
  const wanted = order.expectOrderState;
  if (!wanted) return [];
  const derived = { status: wanted.status, payment: wanted.payment, shipping: wanted.shipping, threeDs: wanted.threeDs } as Parameters<typeof compareHandlerState>[0];
  const verdict = compareHandlerState(derived, { status: 200, body: state, error: null }, { orderId: order.orderId, statePath: wanted.path });
  if (verdict.outcome === 'not-comparable') return [verdict.reason ?? 'the state cannot be compared'];
  const at = wanted.path.replaceAll('{orderId}', order.orderId);
  return verdict.fields.filter((f) => f.outcome === 'differs').map((f) => `${at}.${f.handlerKey}: expected ${JSON.stringify(f.expected)} (${f.label}), got ${JSON.stringify(f.handler)}`);
}

/** Sends the recording's events, reads the state, and lists every difference (none: the handler passes). */
export const replayRecordedOrder: ReplayRecordedOrder = async (order, options = {}) => {
  const sent = await sendSignedEvents(order.events, options);
  const state = await readState(order.stateUrl);
  return { sent, state, failures: [...answerFailures(sent), ...stateFailures(order, state)] };
};
