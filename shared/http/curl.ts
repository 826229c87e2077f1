/**
 * "Copy as cURL": a request as a command that sends the same bytes with every header (the
 * signature included). Connection-level headers are left to curl. Pure, so the renderer (Live)
 * and the core (Replay's export) build the same command.
 */
import { isPerConnectionHeader } from './connection-headers';

/**
 * The body as a single-quoted printf format: printable ASCII as is, everything else as an octal
 * escape. printf writes any byte (NUL included), which bash $'...' strings cannot carry. A
 * leading '-' is escaped too: printf would read `--help me` as an option, fail and send nothing.
 */
export function printfFormat(bytes: Uint8Array): string {
  let out = "'";
  for (const [i, b] of bytes.entries()) {
    if (b === 0x2d && i === 0) out += '\\055';
    else if (b === 0x27) out += "'\\''";
    else if (b === 0x5c) out += '\\\\';
    else if (b === 0x25) out += '%%';
    else if (b >= 0x20 && b < 0x7f) out += String.fromCharCode(b);
    else out += `\\${b.toString(8).padStart(3, '0')}`;
  }
  return out + "'";
}

/** A string as one shell word in single quotes. */
export function singleQuote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

/**
 * Where a received request goes again: the listener's origin plus the path and query exactly as
 * received. The request target is the sender's text: an absolute-form target
 * (`http://evil.example/steal`) or one starting with `//` must never choose the host, so only
 * its path and query are kept, byte for byte.
 */
export function listenerCurlUrl(listenerUrl: string, requestTarget: string): string {
  const origin = new URL(listenerUrl).origin;
  if (requestTarget.startsWith('/')) return origin + requestTarget;
  // Absolute form: scheme://authority then the path (or the query, or nothing).
  const absolute = /^[A-Za-z][A-Za-z0-9+.-]*:\/\/[^/?#]*(.*)$/s.exec(requestTarget);
  const rest = absolute?.[1] ?? '';
  return origin + (rest.startsWith('/') ? rest : `/${rest}`);
}

/**
 * `printf … | curl -sS -X M URL -H … --data-binary @-`: the exact bytes and every header.
 * `-sS`: quiet (no progress meter over the answer) but errors still said. `--path-as-is` keeps
 * `//` and dot segments of the path as they were received.
 */
export function toCurl(input: {
  url: string;
  method: string;
  headers: ReadonlyArray<readonly [string, string]>;
  body: Uint8Array;
}): string {
  const parts = [`printf ${printfFormat(input.body)} | curl -sS --path-as-is -X ${singleQuote(input.method)} ${singleQuote(input.url)}`];
  for (const [name, value] of input.headers) {
    if (isPerConnectionHeader(name)) continue;
    parts.push(`-H ${singleQuote(`${name}: ${value}`)}`);
  }
  parts.push('--data-binary @-');
  return parts.join(' \\\n  ');
}
