import type { ReplayFixture } from '../../../shared/contract/replay-drafts';
import { isPerConnectionHeader } from '../../../shared/http/connection-headers';
import { toCurl } from '../../../shared/http/curl';
import { jsonLiteral } from '../../../shared/text/json-literal';
import { bodyAsText } from '../../../shared/text/utf8';

/** A request exactly as it is (or would be) sent, to export. */
export interface ExportableRequest {
  readonly method: string;
  readonly url: string | null;
  readonly headers: ReadonlyArray<readonly [string, string]>;
  readonly body: Uint8Array;
  readonly signature: string | null;
  readonly keyLabel: string | null;
  readonly eventType: string | null;
  readonly eventId: string | null;
}

const PLACEHOLDER_URL = 'http://127.0.0.1:3000/webhooks';

/** Set per connection by curl, fetch() or Node: never copied into an export. */
const portable = (headers: ExportableRequest['headers']) => headers.filter(([n]) => !isPerConnectionHeader(n));

function baseName(r: ExportableRequest): string {
  const safe = (s: string) => s.replace(/[^A-Za-z0-9_-]+/g, '-').slice(0, 60);
  return ['hooklab', r.eventType ? safe(r.eventType) : 'replay', r.eventId ? safe(r.eventId) : null].filter(Boolean).join('-');
}

/** `printf … | curl …`: the exact bytes (any byte, NUL included) and every header. */
export function exportCurl(r: ExportableRequest): { text: string; fileName: string } {
  return { text: toCurl({ url: r.url ?? PLACEHOLDER_URL, method: r.method, headers: portable(r.headers), body: r.body }), fileName: `${baseName(r)}.sh` };
}

/**
 * A Node (18+) fetch() snippet: the body from Base64 so the bytes are exact, headers as pairs
 * so repeats and order survive. Every value a sender or user chose (event type, key label, URL,
 * headers) enters the code only through jsonLiteral, so none of it can end a comment or a string.
 */
export function exportFetch(r: ExportableRequest): { text: string; fileName: string } {
  const headers = portable(r.headers)
    .map(([n, v]) => `    [${jsonLiteral(n)}, ${jsonLiteral(v)}],`)
    .join('\n');
  const about = [r.eventType !== null ? `event type ${jsonLiteral(r.eventType)}` : null, r.keyLabel !== null ? `signed with the key ${jsonLiteral(r.keyLabel)}` : null];
  const text = [
    `// The request as Hooklab ${r.url ? 'sent' : 'would send'} it${about.some(Boolean) ? ` (${about.filter(Boolean).join(', ')})` : ''}.`,
    `const body = Buffer.from(${jsonLiteral(Buffer.from(r.body).toString('base64'))}, 'base64');`,
    `const response = await fetch(${jsonLiteral(r.url ?? PLACEHOLDER_URL)}, {`,
    `  method: ${jsonLiteral(r.method)},`,
    `  headers: [`,
    headers,
    `  ],`,
    `  body,`,
    `  redirect: 'manual',`,
    `});`,
    `console.log(response.status, await response.text());`,
    '',
  ].join('\n');
  return { text, fileName: `${baseName(r)}.mjs` };
}

/** The fixture file: headers, body as Base64 and text, signature and the key's label (never the key). */
export function exportFixture(r: ExportableRequest): { text: string; fileName: string } {
  const fixture: ReplayFixture = {
    hooklabFixture: 1,
    method: r.method,
    url: r.url,
    headers: portable(r.headers).map(([n, v]) => [n, v]),
    bodyBase64: Buffer.from(r.body).toString('base64'),
    bodyText: bodyAsText(r.body),
    signature: r.signature,
    keyLabel: r.keyLabel,
    eventType: r.eventType,
  };
  return { text: jsonLiteral(fixture, 2) + '\n', fileName: `${baseName(r)}.json` };
}

