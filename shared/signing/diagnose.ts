import { tooDeepToParse } from './json-depth';
import { describeRewrite } from './rewrite';
import { constantTimeEqual, base64Encode, hexEncode, hmacBytes, type HmacSha256 } from './hmac';

/** A signing key the receiver knows; `accepted` false = retired, kept only to explain failures. */
export interface KnownKey {
  readonly id: string;
  /** What the user called it; diagnoses name keys by it (the id when there is none). */
  readonly label?: string;
  readonly value: string;
  readonly accepted: boolean;
}

/** How a diagnosis names a key: by the label the user gave it. */
export const keyName = (key: Pick<KnownKey, 'id' | 'label'>): string => `"${key.label || key.id}"`;

/**
 * `unverifiable`: the body is not whole (over the limit, or cut off), or Hooklab signed it for
 * an agent (agent-sent.ts), so no verdict about its sender is possible.
 */
export type SignatureOutcome = 'valid' | 'invalid' | 'missing' | 'no-key' | 'unverifiable';

/** Why a signature did not verify, most specific first. */
export type DiagnosisKind =
  | 'earlier-key'
  | 'hex-encoded'
  | 're-serialised'
  | 'body-truncated'
  | 'body-cut-off'
  | 'body-changed'
  | 'wrong-key'
  /** Two signature (or event-id) headers: see the listener's judge. */
  | 'repeated-header'
  /** Sent for an agent by hooklab mcp (agent-sent.ts). */
  | 'sent-by-agent';

export interface SignatureDiagnosis {
  readonly kind: DiagnosisKind;
  readonly message: string;
}

export interface SignatureVerdict {
  readonly outcome: SignatureOutcome;
  /** The key that verified it (valid), or that the diagnosis points at. */
  readonly keyId: string | null;
  readonly diagnosis: SignatureDiagnosis | null;
}

export interface VerifyInput {
  readonly hmac: HmacSha256;
  readonly body: Uint8Array;
  /** The X-Svc-Hmac-Sha256 header value, or undefined when absent. */
  readonly signature: string | undefined;
  /** Current key first; earlier accepted keys; retired keys (accepted false). */
  readonly keys: readonly KnownKey[];
  /** The body is not whole (over the size limit, or cut off mid-body): the signed bytes are not all here. */
  readonly truncation?: 'over-limit' | 'cut-off' | null;
}

const utf8Decoder = new TextDecoder('utf-8', { fatal: true });
const utf8Encoder = new TextEncoder();

/**
 * Verification (docs/service.md#webhook-signature) against every accepted key (rotation), and, when it fails, the most
 * likely reason: the fast path (valid) costs one HMAC per accepted key; the diagnosis work only
 * runs for invalid signatures.
 */
export function verifySignature(input: VerifyInput): SignatureVerdict {
  const { hmac, body, keys } = input;
  if (input.signature === undefined) return { outcome: 'missing', keyId: null, diagnosis: null };
  const accepted = keys.filter((k) => k.accepted);
  if (accepted.length === 0) return { outcome: 'no-key', keyId: null, diagnosis: null };
  // Not "invalid": nothing is known to be wrong with the signature, only the bytes are missing.
  if (input.truncation) return { outcome: 'unverifiable', keyId: null, diagnosis: INCOMPLETE[input.truncation] };
  const signature = input.signature.trim();
  for (const key of accepted) {
    if (constantTimeEqual(base64Encode(hmacBytes(hmac, key.value, body)), signature)) {
      return { outcome: 'valid', keyId: key.id, diagnosis: null };
    }
  }
  return { outcome: 'invalid', ...diagnose(hmac, body, signature, keys) };
}

const INCOMPLETE: Record<'over-limit' | 'cut-off', SignatureDiagnosis> = {
  'over-limit': {
    kind: 'body-truncated',
    message: 'Cannot verify: body over the limit. Only its first bytes were kept, and the signature covers all of them.',
  },
  'cut-off': {
    kind: 'body-cut-off',
    message: 'Cannot verify: the body was cut off before it was complete (the sender stopped, or was too slow).',
  },
};

function diagnose(
  hmac: HmacSha256,
  body: Uint8Array,
  signature: string,
  keys: readonly KnownKey[],
): { keyId: string | null; diagnosis: SignatureDiagnosis } {
  const lowered = signature.toLowerCase();
  for (const key of keys) {
    const mac = hmacBytes(hmac, key.value, body);
    if (constantTimeEqual(hexEncode(mac), lowered)) {
      return {
        keyId: key.id,
        diagnosis: {
          kind: 'hex-encoded',
          message: `The signature is the HMAC under key ${keyName(key)} written in hex; the service sends Base64.`,
        },
      };
    }
    if (!key.accepted && constantTimeEqual(base64Encode(mac), signature)) {
      return {
        keyId: key.id,
        diagnosis: {
          kind: 'earlier-key',
          message: `Signed with the earlier key ${keyName(key)}, which is no longer accepted: update the key or accept it again during the rotation.`,
        },
      };
    }
  }
  for (const variant of restoredBodies(body)) {
    for (const key of keys) {
      if (constantTimeEqual(base64Encode(hmacBytes(hmac, key.value, variant.bytes)), signature)) {
        return {
          keyId: key.id,
          diagnosis: {
            kind: 're-serialised',
            message: reserialisedMessage(body, variant, key),
          },
        };
      }
    }
  }
  return {
    keyId: null,
    diagnosis: {
      kind: 'wrong-key',
      message: 'The signature matches none of the known keys: the store signs with a key Hooklab does not have, or the body was changed.',
    },
  };
}

interface BodyVariant {
  readonly change: string;
  readonly text: string;
  readonly bytes: Uint8Array;
}

/** Names what changed (escapes, whitespace, key order) rather than only how to undo it. */
function reserialisedMessage(body: Uint8Array, variant: BodyVariant, key: KnownKey): string {
  const what = describeRewrite(variant.text, utf8Decoder.decode(body));
  const change = what ? `re-serialised on the way: ${what}` : `re-serialised on the way: the body verifies once ${variant.change}`;
  return `The body was ${change}. As it was before, it verifies with key ${keyName(key)}: verify the raw bytes, before any JSON parsing.`;
}

/**
 * Above this size, or when tooDeepToParse says so, the re-serialisation check is
 * skipped (the diagnosis falls back to "wrong key"): it parses and re-writes the body several
 * times and HMACs each variant, which for such bodies would stall the listener.
 * Events are a few kilobytes, 3 or 4 levels deep.
 */
export const RESTORE_LIMIT_BYTES = 1024 * 1024;

/** Plausible originals of a body that was re-serialised on the way (whitespace, line endings). */
export function restoredBodies(body: Uint8Array): BodyVariant[] {
  if (body.length > RESTORE_LIMIT_BYTES || tooDeepToParse(body)) return [];
  let text: string;
  try {
    text = utf8Decoder.decode(body);
  } catch {
    return [];
  }
  const candidates: Array<[string, string]> = [];
  const lf = text.replace(/\r\n/g, '\n');
  if (lf !== text) candidates.push(['CRLF line endings are turned back into LF', lf]);
  if (text.includes('\n')) candidates.push(['LF line endings are turned into CRLF', lf.replace(/\n/g, '\r\n')]);
  if (text.trimEnd() !== text) candidates.push(['the trailing whitespace is removed', text.trimEnd()]);
  else candidates.push(['a trailing newline is added', `${text}\n`]);
  try {
    const parsed: unknown = JSON.parse(text);
    candidates.push(['the JSON is written compactly, without whitespace', JSON.stringify(parsed)]);
    candidates.push(['the JSON is indented with 2 spaces', JSON.stringify(parsed, null, 2)]);
    candidates.push(['the JSON is indented with 4 spaces', JSON.stringify(parsed, null, 4)]);
    candidates.push(['the JSON is indented with 2 spaces and CRLF', JSON.stringify(parsed, null, 2).replace(/\n/g, '\r\n')]);
  } catch {
    // Not JSON: only the line-ending and whitespace variants apply.
  }
  const seen = new Set<string>([text]);
  const variants: BodyVariant[] = [];
  for (const [change, candidate] of candidates) {
    if (seen.has(candidate)) continue;
    seen.add(candidate);
    variants.push({ change, text: candidate, bytes: utf8Encoder.encode(candidate) });
  }
  return variants;
}

/** A copy of the event as the sender says it sent it (the service's delivery history). */
export interface SenderCopy {
  readonly label: string;
  readonly text: string;
}

/**
 * A body that matches no key may have been changed on the way: when the sender's own copy of the
 * event verifies under the signature that arrived, the signature is fine and the bytes are not,
 * and the difference says exactly what changed (values, key order, escapes, whitespace). Null when
 * no copy verifies (then "wrong key" stands).
 */
export function diagnoseAgainstSenderCopies(
  input: { hmac: HmacSha256; body: Uint8Array; signature: string; keys: readonly KnownKey[] },
  copies: readonly SenderCopy[],
): { keyId: string; diagnosis: SignatureDiagnosis } | null {
  let received: string;
  try {
    received = utf8Decoder.decode(input.body);
  } catch {
    return null;
  }
  const signature = input.signature.trim();
  for (const copy of copies) {
    const bytes = utf8Encoder.encode(copy.text);
    const key = input.keys.find((k) => constantTimeEqual(base64Encode(hmacBytes(input.hmac, k.value, bytes)), signature));
    if (!key) continue;
    const what = describeRewrite(copy.text, received) ?? 'its bytes differ';
    const changed = what.startsWith('values changed');
    return {
      keyId: key.id,
      diagnosis: {
        kind: changed ? 'body-changed' : 're-serialised',
        message: changed
          ? `The body was changed on the way: ${copy.label} verifies with key ${keyName(key)} under this very signature, and here ${what}.`
          : `The body was re-serialised on the way: ${what}. ${copy.label} verifies with key ${keyName(key)} under this very signature: verify the raw bytes, before any JSON parsing.`,
      },
    };
  }
  return null;
}
