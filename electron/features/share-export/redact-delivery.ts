import type { ForwardResult } from '../../../shared/contract/live';
import { redactJsonText, type Pseudonyms } from '../../../shared/redaction';
import { SIGNATURE_HEADER } from '../../../shared/service/webhooks';
import type { SharedDelivery } from './shared-delivery';
import { scrubSecrets, withoutSecretHeaders, withoutSecretQuery } from './secret-values';

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });
const utf8 = new TextEncoder();

/** The body as text when it is UTF-8, else null. */
export function utf8Text(bytes: Uint8Array): string | null {
  try {
    return strictUtf8.decode(bytes);
  } catch {
    return null;
  }
}

/** A JSON text's personal fields replaced (null when it is not JSON). */
export function redactText(text: string, pseudonyms: Pseudonyms): string | null {
  return redactJsonText(text, pseudonyms)?.text ?? null;
}

/** A handler's answer with its personal data replaced, its credentials removed. */
function redactForward(f: ForwardResult, pseudonyms: Pseudonyms, secrets: readonly string[]): ForwardResult {
  const body = f.body === null ? null : scrubSecrets(redactText(f.body, pseudonyms) ?? f.body, secrets);
  return { ...f, headers: withoutSecretHeaders(f.headers), body };
}

/** Credentials out of everything a sender or a handler wrote, and nothing else changed (`--no-redact`). */
export function withoutSecrets(d: SharedDelivery, secrets: readonly string[]): SharedDelivery {
  const text = utf8Text(d.body);
  const scrubbed = text === null ? null : scrubSecrets(text, secrets);
  return {
    ...d,
    url: withoutSecretQuery(d.url),
    headers: withoutSecretHeaders(d.headers).map(([n, v]) => [n, scrubSecrets(v, secrets)]),
    body: scrubbed !== null && scrubbed !== text ? utf8.encode(scrubbed) : d.body,
    verdict: {
      ...d.verdict,
      forwards: d.verdict.forwards.map((f) => ({ ...f, headers: withoutSecretHeaders(f.headers), body: f.body === null ? null : scrubSecrets(f.body, secrets) })),
    },
  };
}

/**
 * The delivery with personal data replaced by the file's pseudonyms (shared/redaction), its
 * credentials removed, and, when its body is not JSON text redaction can read, the body left
 * out (`body-withheld`): sharing it would share what it holds.
 */
export function redactDelivery(d: SharedDelivery, pseudonyms: Pseudonyms, secrets: readonly string[]): SharedDelivery {
  const clean = withoutSecrets(d, secrets);
  const text = utf8Text(clean.body);
  const redacted = clean.body.length === 0 || text === null ? null : redactText(text, pseudonyms);
  const withheld = clean.body.length > 0 && redacted === null;
  return {
    ...clean,
    body: redacted !== null ? utf8.encode(redacted) : withheld ? new Uint8Array(0) : clean.body,
    verdict: {
      ...clean.verdict,
      flags: withheld ? [...clean.verdict.flags, 'body-withheld'] : clean.verdict.flags,
      forwards: clean.verdict.forwards.map((f) => redactForward(f, pseudonyms, secrets)),
    },
  };
}

/** Headers that describe the received bytes: wrong once redaction changed them (the HAR leaves them out). */
export function withoutBytesHeaders(headers: ReadonlyArray<[string, string]>): Array<[string, string]> {
  return headers.filter(([name]) => {
    const lower = name.toLowerCase();
    return lower !== SIGNATURE_HEADER && lower !== 'content-length';
  });
}
