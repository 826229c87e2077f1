import type { TamperPreset } from '../../../shared/contract/replay-drafts';

/**
 * What a replay's signing does, before headers are written: which bytes go out, which bytes
 * are signed with which key and encoding, and the event headers' values. Each tamper preset is
 * a pure function from an honest plan to a broken one, so each defence of a handler can be
 * tested on its own.
 */
export interface SigningPlan {
  readonly bodyToSend: Uint8Array;
  readonly bytesToSign: Uint8Array;
  /** The key to sign with; null: no key (then no signature can be sent). */
  readonly key: string | null;
  readonly encoding: 'base64' | 'hex';
  /** False: no X-Svc-Hmac-Sha256 header. */
  readonly signed: boolean;
  readonly eventId: string | null;
  readonly eventCreated: string | null;
  /** Things the user should know about what this plan does. */
  readonly notes: readonly string[];
}

export interface TamperContext {
  /** A key that is certainly not the chosen one. */
  readonly wrongKey: string;
  /** The event id to reuse: the last one sent to this target, else the original's. */
  readonly reusedEventId: string | null;
  readonly nowMs: number;
}

const STALE_DAYS = 30;
const utf8 = new TextEncoder();
const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

function parseJson(bytes: Uint8Array): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(strictUtf8.decode(bytes)) };
  } catch {
    return { ok: false };
  }
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

/** Signed with a random key instead of the chosen one. */
export function wrongKey(plan: SigningPlan, ctx: TamperContext): SigningPlan {
  return { ...plan, key: ctx.wrongKey, signed: true };
}

/**
 * Signed over the body re-serialised as compact JSON (what a handler that verifies
 * JSON.stringify(parsedBody) computes), while the body goes out as written. When the body is
 * already compact it goes out pretty-printed, so the two byte strings differ.
 */
export function reserialised(plan: SigningPlan): SigningPlan {
  const parsed = parseJson(plan.bodyToSend);
  if (!parsed.ok) return { ...plan, notes: [...plan.notes, 'the body is not JSON, so it cannot be re-serialised: signed honestly'] };
  const compact = utf8.encode(JSON.stringify(parsed.value));
  const bodyToSend = sameBytes(compact, plan.bodyToSend) ? utf8.encode(JSON.stringify(parsed.value, null, 2)) : plan.bodyToSend;
  if (sameBytes(compact, bodyToSend)) return { ...plan, notes: [...plan.notes, 'this body re-serialises to itself: signed honestly'] };
  return { ...plan, bodyToSend, bytesToSign: compact };
}

/** No signature header at all. */
export function missingSignature(plan: SigningPlan): SigningPlan {
  return { ...plan, signed: false };
}

/** The right HMAC, written as hex instead of Base64. */
export function hexSignature(plan: SigningPlan): SigningPlan {
  return { ...plan, encoding: 'hex' };
}

/** The event id of an earlier replay (a redelivery the handler must recognise). */
export function reusedEventId(plan: SigningPlan, ctx: TamperContext): SigningPlan {
  if (ctx.reusedEventId === null) return { ...plan, notes: [...plan.notes, 'no earlier event id to reuse yet: the id is unchanged'] };
  return { ...plan, eventId: ctx.reusedEventId };
}

/** X-Svc-Event-Created 30 days ago. */
export function staleEventCreated(plan: SigningPlan, ctx: TamperContext): SigningPlan {
  return { ...plan, eventCreated: new Date(ctx.nowMs - STALE_DAYS * 86_400_000).toISOString() };
}

/** Signed, then one space appended to the body: the signature no longer matches the bytes. */
export function bodyChangedAfterSigning(plan: SigningPlan): SigningPlan {
  const changed = new Uint8Array(plan.bodyToSend.length + 1);
  changed.set(plan.bodyToSend);
  changed[plan.bodyToSend.length] = 0x20;
  return { ...plan, bytesToSign: plan.bodyToSend, bodyToSend: changed };
}

const PRESETS: Record<Exclude<TamperPreset, 'none'>, (plan: SigningPlan, ctx: TamperContext) => SigningPlan> = {
  'wrong-key': wrongKey,
  reserialised,
  'missing-signature': missingSignature,
  'hex-signature': hexSignature,
  'reused-event-id': reusedEventId,
  'stale-event-created': staleEventCreated,
  'body-changed-after-signing': bodyChangedAfterSigning,
};

/** The plan with one preset applied ('none' leaves it honest). */
export function applyTamper(preset: TamperPreset, plan: SigningPlan, ctx: TamperContext): SigningPlan {
  return preset === 'none' ? plan : PRESETS[preset](plan, ctx);
}
