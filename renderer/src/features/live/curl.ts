/**
 * "Copy as cURL": the delivery as a command that sends the same bytes with every header the
 * service sent (the signature included). Connection-level headers are left to curl.
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

function singleQuote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

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

/** Base64 to bytes without Node (renderer). */
export function base64ToBytes(base64: string): Uint8Array {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** Classic hex dump lines: offset, 16 bytes in hex, printable ASCII. */
export function hexDump(bytes: Uint8Array, maxBytes = 64 * 1024): string {
  const lines: string[] = [];
  const end = Math.min(bytes.length, maxBytes);
  for (let off = 0; off < end; off += 16) {
    const row = bytes.subarray(off, Math.min(off + 16, end));
    const hex = Array.from(row, (b) => b.toString(16).padStart(2, '0')).join(' ');
    const ascii = Array.from(row, (b) => (b >= 0x20 && b < 0x7f ? String.fromCharCode(b) : '.')).join('');
    lines.push(`${off.toString(16).padStart(8, '0')}  ${hex.padEnd(47)}  ${ascii}`);
  }
  if (bytes.length > end) lines.push(`… ${bytes.length - end} more bytes`);
  return lines.join('\n');
}
