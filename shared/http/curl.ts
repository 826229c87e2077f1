/**
 * "Copy as cURL": a request as a command that sends the same bytes with every header (the
 * signature included). Connection-level headers are left to curl. Pure, so the renderer (Live)
 * and the core (Replay's export) build the same command.
 */
const LEFT_TO_CURL = new Set(['host', 'content-length', 'connection', 'transfer-encoding', 'expect']);

/**
 * The body as a single-quoted printf format: printable ASCII as is, everything else as an octal
 * escape. printf writes any byte (NUL included), which bash $'...' strings cannot carry.
 */
export function printfFormat(bytes: Uint8Array): string {
  let out = "'";
  for (const b of bytes) {
    if (b === 0x27) out += "'\\''";
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

/** `printf … | curl -X M URL -H … --data-binary @-`: the exact bytes and every header. */
export function toCurl(input: {
  url: string;
  method: string;
  headers: ReadonlyArray<readonly [string, string]>;
  body: Uint8Array;
}): string {
  const parts = [`printf ${printfFormat(input.body)} | curl -X ${input.method} ${singleQuote(input.url)}`];
  for (const [name, value] of input.headers) {
    if (LEFT_TO_CURL.has(name.toLowerCase())) continue;
    parts.push(`-H ${singleQuote(`${name}: ${value}`)}`);
  }
  parts.push('--data-binary @-');
  return parts.join(' \\\n  ');
}
