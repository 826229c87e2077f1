import type { SpanEvent, Trace, TraceSpan } from '../contract/tracing';

/**
 * A handler's spans are its own text, and handlers record what they received: request headers
 * (`http.request.header.x-svc-hmac-sha256`, `…authorization`, `…cookie`), URLs with `?token=`,
 * exception messages quoting the expected signature. Hooklab shows and returns none of those
 * values: the signature of a body an agent chose would let it mint an event a handler accepts.
 * traces.get passes every trace through redactTrace, so the UI, the CLI and MCP read the same.
 */
export const REDACTED = '[redacted]';

/** Words that make an attribute (or a `name: value` in text) secret: signatures, keys, tokens, cookies, credentials. */
const SECRET_WORDS = new Set([
  'signature', 'signatures', 'sig', 'hmac', 'key', 'keys', 'apikey', 'token', 'tokens', 'secret', 'secrets',
  'cookie', 'cookies', 'authorization', 'auth', 'bearer', 'password', 'passwd', 'pwd', 'credential', 'credentials',
  'session', 'sessionid',
]);

/** An attribute name's words: `http.request.header.x-svc-hmac-sha256` → …, hmac, sha256; `webhookKey` → webhook, key. */
function wordsOf(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w !== '');
}

/** Whether a name (an attribute key, a header name, a query parameter) names a secret. */
export function isSecretName(name: string): boolean {
  return wordsOf(name).some((w) => SECRET_WORDS.has(w));
}

/** A field name in text that holds a secret word (`X-Svc-Hmac-Sha256`, `api_key`, `access_token`, `"signature"`). */
// Bounded on both sides and anchored at a name's start, so a megabyte of letters costs linear time.
const SECRET_FIELD = String.raw`(?<![A-Za-z0-9_.\-])[A-Za-z0-9_.\-]{0,60}?(?:signature|hmac|key|token|secret|cookie|authorization|auth|bearer|password|passwd|pwd|credential|session)[A-Za-z0-9_.\-]{0,60}`;
/** `Authorization: Bearer …`, `Cookie: a=b; c=d`: the rest of the line is the secret. */
const WHOLE_LINE = /\b((?:proxy-)?authorization|set-cookie|cookie)(["']?\s*[:=]\s*)([^\r\n]*)/gi;
/** `name: value`, `name=value`, `"name": "value"` (JSON, headers, query strings, log lines) under a secret field name. */
const NAMED_VALUE = new RegExp(String.raw`(["']?)(${SECRET_FIELD})\1(\s*[:=]\s*)("(?:[^"\\]|\\.)*"|'[^']*'|(?:(?:Bearer|Basic|Token)\s+)?[^\s,;&"'}\])\[][^\s,;&"'}\])]*)`, 'gi');
/** Values that look like an HMAC-SHA256 whoever names them: Base64 (the service's form) or hex. */
const BARE_HMAC = /(?<![A-Za-z0-9+/])[A-Za-z0-9+/]{43}=(?![A-Za-z0-9+/=])|(?<![0-9a-fA-F])[0-9a-fA-F]{64}(?![0-9a-fA-F])/g;

/** Text with the values of secret-named fields, credential lines and signature-shaped values replaced by [redacted]. */
export function redactText(text: string): string {
  if (text === '') return text;
  return text
    .replace(WHOLE_LINE, (_m, name: string, sep: string) => `${name}${sep}${REDACTED}`)
    .replace(NAMED_VALUE, (_m, quote: string, name: string, sep: string, value: string) => {
      const quoted = value.startsWith('"') ? `"${REDACTED}"` : value.startsWith("'") ? `'${REDACTED}'` : REDACTED;
      return `${quote}${name}${quote}${sep}${quoted}`;
    })
    .replace(BARE_HMAC, REDACTED);
}

/** One attribute value: all of it under a secret name, else its text (nested lists and maps too). */
function redactValue(name: string, value: unknown): unknown {
  if (isSecretName(name)) return REDACTED;
  if (typeof value === 'string') return redactText(value);
  if (Array.isArray(value)) return value.map((v) => redactValue(name, v));
  if (typeof value === 'object' && value !== null) return redactAttributes(value as Record<string, unknown>);
  return value;
}

export function redactAttributes(attributes: Readonly<Record<string, unknown>>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(attributes).map(([k, v]) => [k, redactValue(k, v)]));
}

function redactEvent(event: SpanEvent): SpanEvent {
  return { name: redactText(event.name), attributes: redactAttributes(event.attributes) };
}

export function redactSpan(span: TraceSpan): TraceSpan {
  return { ...span, name: redactText(span.name), attributes: redactAttributes(span.attributes), events: span.events.map(redactEvent) };
}

/** The trace as Hooklab shows and returns it: every span's name, attributes and events (exceptions included) redacted. */
export function redactTrace(trace: Trace): Trace {
  return { ...trace, spans: trace.spans.map(redactSpan) };
}
