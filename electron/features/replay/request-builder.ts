import type { DraftOrigin, HeadersSpec, ReplayBody, ReplayRequestSpec } from '../../../shared/contract/replay-drafts';
import { base64Encode, hexEncode, hmacBytes, type HmacSha256 } from '../../../shared/signing';
import { isFramingHeader } from '../../../shared/http/connection-headers';
import { SIGNATURE_HEADER, WEBHOOK_HEADER_NAMES } from '../../../shared/service/webhooks';
import { webhookHeaders } from '../../../shared/signing/webhook-headers';
import { applyTamper, type SigningPlan, type TamperContext } from './tamper';

import type { SigningKey } from '../../services/webhook-keys/key-choices';

export interface BuildInputs {
  readonly hmac: HmacSha256;
  readonly key: SigningKey;
  readonly origin: Pick<DraftOrigin, 'eventId' | 'eventCreated'>;
  readonly nowMs: number;
  /** A fresh unique event id (called only for mode "new"). */
  readonly newEventId: () => string;
  readonly tamper: Omit<TamperContext, 'nowMs'>;
  /** With a target, Host, Content-Length and Connection are listed too: every header sent. */
  readonly targetUrl: URL | null;
}

export interface BuiltRequest {
  readonly method: string;
  readonly headers: Array<[string, string]>;
  readonly body: Uint8Array;
  readonly signature: string | null;
  readonly keyLabel: string | null;
  readonly eventId: string | null;
  /** Header names minted again at each send. */
  readonly volatile: string[];
  readonly json: boolean;
  readonly warnings: string[];
}

/** Thrown when a signature is needed but the chosen key cannot be used. */
export class KeyUnavailableError extends Error {}

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/** The bytes the editor's body stands for: text as UTF-8, or the exact bytes. */
export function bodyBytes(body: ReplayBody): Uint8Array {
  return body.kind === 'text' ? new TextEncoder().encode(body.text) : new Uint8Array(Buffer.from(body.base64, 'base64'));
}

function isJson(bytes: Uint8Array): boolean {
  try {
    JSON.parse(strictUtf8.decode(bytes));
    return true;
  } catch {
    return false;
  }
}

/** The event type named in a JSON body, if any (for the history table). */
export function eventTypeOf(bytes: Uint8Array): string | null {
  try {
    const value = JSON.parse(strictUtf8.decode(bytes)) as { type?: unknown };
    return typeof value?.type === 'string' ? value.type : null;
  } catch {
    return null;
  }
}

/**
 * Headers in the order they are sent: Content-Type, User-Agent, the three X-Svc-* headers,
 * the extra ones; then, for a real target, Host, Content-Length and Connection (framing, so
 * never removable). `removed` names leave out any of the others, case-insensitively.
 */
export function assembleHeaders(
  spec: HeadersSpec,
  values: { signature: string | null; eventId: string | null; eventCreated: string | null },
  wire: { url: URL; bodyLength: number } | null,
): Array<[string, string]> {
  const removed = new Set(spec.removed.map((n) => n.toLowerCase()));
  const headers: Array<[string, string]> = [
    ['Content-Type', spec.contentType],
    ['User-Agent', spec.userAgent],
  ];
  headers.push(...webhookHeaders(values));
  headers.push(...spec.extra.map(([n, v]): [string, string] => [n, v]));
  const kept = headers.filter(([name]) => !removed.has(name.toLowerCase()) && !isFramingHeader(name));
  if (wire) kept.push(['Host', wire.url.host], ['Content-Length', String(wire.bodyLength)], ['Connection', 'close']);
  return kept;
}

/**
 * The request a spec stands for: body bytes, event headers resolved, tamper preset applied,
 * signature computed with shared/signing over exactly the bytes the plan signs.
 */
export function buildRequest(spec: ReplayRequestSpec, inputs: BuildInputs): BuiltRequest {
  const body = bodyBytes(spec.body);
  const volatile: string[] = [];
  const warnings: string[] = [];
  let eventId: string | null;
  switch (spec.headers.eventId.mode) {
    case 'keep':
      eventId = inputs.origin.eventId;
      break;
    case 'new':
      eventId = inputs.newEventId();
      volatile.push(WEBHOOK_HEADER_NAMES.eventId);
      break;
    case 'typed':
      eventId = spec.headers.eventId.value;
  }
  let eventCreated: string | null;
  switch (spec.headers.eventCreated.mode) {
    case 'keep':
      eventCreated = inputs.origin.eventCreated;
      break;
    case 'now':
      eventCreated = new Date(inputs.nowMs).toISOString();
      volatile.push(WEBHOOK_HEADER_NAMES.eventCreated);
      break;
    case 'chosen':
      eventCreated = spec.headers.eventCreated.value;
  }
  const honest: SigningPlan = {
    bodyToSend: body,
    bytesToSign: body,
    key: 'value' in inputs.key ? inputs.key.value : null,
    encoding: 'base64',
    signed: true,
    eventId,
    eventCreated,
    notes: [],
  };
  const plan = applyTamper(spec.tamper, honest, { ...inputs.tamper, nowMs: inputs.nowMs });
  warnings.push(...plan.notes);
  const signatureRemoved = spec.headers.removed.some((n) => n.toLowerCase() === SIGNATURE_HEADER);
  let signature: string | null = null;
  let keyLabel: string | null = null;
  if (plan.signed && !signatureRemoved) {
    if (plan.key === null) throw new KeyUnavailableError('problem' in inputs.key ? inputs.key.problem : 'no key to sign with');
    const mac = hmacBytes(inputs.hmac, plan.key, plan.bytesToSign);
    signature = plan.encoding === 'hex' ? hexEncode(mac) : base64Encode(mac);
    keyLabel = spec.tamper === 'wrong-key' ? 'a random wrong key' : 'label' in inputs.key ? inputs.key.label : null;
  }
  const json = isJson(plan.bodyToSend);
  if (!json) warnings.push('the body is not JSON: it is sent as is, but the service only ever sends JSON');
  const headers = assembleHeaders(
    spec.headers,
    { signature, eventId: plan.eventId, eventCreated: plan.eventCreated },
    inputs.targetUrl ? { url: inputs.targetUrl, bodyLength: plan.bodyToSend.length } : null,
  );
  return {
    method: spec.method,
    headers,
    body: plan.bodyToSend,
    signature,
    keyLabel,
    eventId: plan.eventId,
    volatile: volatile.filter((v) => headers.some(([n]) => n === v)),
    json,
    warnings,
  };
}
