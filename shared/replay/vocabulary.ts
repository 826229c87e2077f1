/**
 * The words of Replay and the handler check: which checks there are, which tamperings, which
 * methods. The contract's schemas are made of them (shared/contract/replay.ts); the pure rules
 * and the CLI use them without the wire.
 */

/** The handler check's checks, by their stable ids (the CLI's `--only` takes these). */
export const CHECK_IDS = [
  'valid-signature-accepted',
  'invalid-signature-rejected',
  'missing-signature-rejected',
  'reserialised-body-rejected',
  'hex-signature-rejected',
  'duplicate-event-acknowledged',
  'unknown-event-type-acknowledged',
  'out-of-order-acknowledged',
  'large-payload-acknowledged',
  'timely-response',
] as const;
export type CheckId = (typeof CHECK_IDS)[number];

/** One-click tampering, each to test one of a handler's defences ('none': sign honestly). */
export const TAMPER_PRESETS = [
  'none',
  /** Signed with a random key instead of the chosen one. */
  'wrong-key',
  /** Signed over the body re-serialised as compact JSON while the body is sent as written. */
  'reserialised',
  /** No X-Svc-Hmac-Sha256 header at all. */
  'missing-signature',
  /** The right HMAC, encoded as hex instead of Base64. */
  'hex-signature',
  /** X-Svc-Event-Id of the last replay sent to this target (or the original's), not a new one. */
  'reused-event-id',
  /** X-Svc-Event-Created 30 days in the past. */
  'stale-event-created',
  /** Signed, then one byte of the body changed (a space appended) before sending. */
  'body-changed-after-signing',
] as const;
export type TamperPreset = (typeof TAMPER_PRESETS)[number];

/** The methods a replay may use; the service itself always POSTs (the default of every new draft). */
export const REPLAY_METHODS = ['POST', 'PUT', 'PATCH'] as const;
export type ReplayMethod = (typeof REPLAY_METHODS)[number];
export const DEFAULT_REPLAY_METHOD: ReplayMethod = 'POST';
