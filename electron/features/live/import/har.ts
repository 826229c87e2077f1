import { readForwards } from './forwards';
import { decodeBase64, ImportRefused, refuseTooMany } from './import-file';
import { isRecord, pathOf, timeOf, withheld, type ImportedFile, type ImportedRequest } from './imported-request';

/*
 * HAR 1.2 in: Hooklab's own (with `_hooklab` per entry), ngrok's inspector, HTTP Toolkit and a
 * browser's DevTools export. Each entry's request is taken as it was sent; Hooklab judges it
 * again with the folder's keys. What the sender's Hooklab saw (`_hooklab.signature`) is only
 * compared, so a difference can be said.
 */

/** Whether parsed JSON is a HAR (has `log.entries`). */
export const isHar = (json: unknown): boolean => isRecord(json) && isRecord(json['log']) && Array.isArray(json['log']['entries']);

export function readHar(json: unknown, fileName: string, nowMs: number): ImportedFile {
  const log = (json as { log: { entries: unknown[]; _hooklab?: unknown } }).log;
  refuseTooMany(fileName, log.entries.length, 'entries');
  // A redacted Hooklab HAR left its signatures out (they signed the bytes before redaction):
  // judged here they are all missing, which says nothing of the sender's keys, so not compared.
  const compared = !(isRecord(log._hooklab) && log._hooklab['redacted'] === true);
  const requests = log.entries.map((entry, index) => readEntry(entry, `entry ${index + 1}`, fileName, nowMs, compared));
  return { kind: 'har', requests, note: null, signingKey: null, history: [] };
}

function readEntry(entry: unknown, where: string, fileName: string, nowMs: number, compared: boolean): ImportedRequest {
  const request = isRecord(entry) ? entry['request'] : undefined;
  if (!isRecord(entry) || !isRecord(request)) throw new ImportRefused(`${fileName}: ${where} has no request: not a HAR: nothing imported`);
  const method = typeof request['method'] === 'string' && request['method'] !== '' ? request['method'] : null;
  const url = typeof request['url'] === 'string' ? request['url'] : null;
  const path = url === null ? null : pathOf(url);
  if (method === null || path === null) throw new ImportRefused(`${fileName}: ${where}: the request has no method or URL: nothing imported`);
  const response = entry['response'];
  const status = isRecord(response) && typeof response['status'] === 'number' && response['status'] > 0 ? response['status'] : null;
  const hooklab = entry['_hooklab'];
  return {
    receivedAtMs: timeOf(entry['startedDateTime'], nowMs),
    method,
    path,
    headers: headersOf(request['headers'], url ?? ''),
    body: bodyOf(request['postData'], fileName, where),
    answeredStatus: status,
    senderSignature: compared && isRecord(hooklab) && typeof hooklab['signature'] === 'string' ? hooklab['signature'] : null,
    bodyWithheld: isRecord(hooklab) && withheld(hooklab['flags']),
    forwards: isRecord(hooklab) ? readForwards(hooklab['forwards'], fileName, where) : [],
  };
}

/**
 * The request's headers in order. HTTP/2 pseudo headers (`:method`, `:path`, `:authority`,
 * `:scheme`) are not headers a handler sees: left out, with `:authority` kept as Host when the
 * entry has none (a browser's HTTP/2 export).
 */
function headersOf(list: unknown, url: string): Array<[string, string]> {
  const pairs: Array<[string, string]> = [];
  let authority: string | null = null;
  for (const h of Array.isArray(list) ? list : []) {
    if (!isRecord(h) || typeof h['name'] !== 'string') continue;
    const value = typeof h['value'] === 'string' ? h['value'] : String(h['value'] ?? '');
    if (h['name'].startsWith(':')) {
      if (h['name'] === ':authority') authority = value;
      continue;
    }
    pairs.push([h['name'], value]);
  }
  if (!pairs.some(([name]) => name.toLowerCase() === 'host')) {
    const host = authority ?? hostOf(url);
    if (host) pairs.unshift(['Host', host]);
  }
  return pairs;
}

function hostOf(url: string): string | null {
  try {
    return new URL(url).host || null;
  } catch {
    return null;
  }
}

/**
 * The body's bytes: `postData.text` as UTF-8, or decoded when `encoding` is base64 (Hooklab's
 * and HTTP Toolkit's binary bodies); a form with only `params` is encoded as the browser sent it.
 */
function bodyOf(postData: unknown, fileName: string, where: string): Uint8Array {
  if (!isRecord(postData)) return new Uint8Array(0);
  const text = postData['text'];
  if (typeof text === 'string') {
    if (postData['encoding'] === 'base64') return decodeBase64(text, fileName, where);
    if (postData['encoding'] !== undefined && postData['encoding'] !== '') {
      throw new ImportRefused(`${fileName}: ${where}: the body's encoding "${String(postData['encoding'])}" is not one Hooklab reads (base64): nothing imported`);
    }
    return new TextEncoder().encode(text);
  }
  const params = postData['params'];
  if (Array.isArray(params)) {
    const form = new URLSearchParams();
    for (const p of params) if (isRecord(p) && typeof p['name'] === 'string') form.append(p['name'], typeof p['value'] === 'string' ? p['value'] : '');
    return new TextEncoder().encode(form.toString());
  }
  return new Uint8Array(0);
}
