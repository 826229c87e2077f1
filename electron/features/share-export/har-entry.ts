import { jsonLiteral } from '../../../shared/text/json-literal';
import { utf8Text } from './redact-delivery';
import type { SharedDelivery } from './shared-delivery';

/** The HAR format's version and Hooklab's own marker (docs/share.md). */
export const HAR_FORMAT = { format: 'hooklab-har', version: 1 } as const;

const header = (name: string, value: string) => ({ name, value });

function queryString(url: string): Array<{ name: string; value: string }> {
  try {
    return [...new URL(url).searchParams].map(([name, value]) => ({ name, value }));
  } catch {
    return [];
  }
}

function postData(d: SharedDelivery): object | undefined {
  if (d.body.length === 0) return undefined;
  const mimeType = d.headers.find(([name]) => name.toLowerCase() === 'content-type')?.[1] ?? '';
  const text = utf8Text(d.body);
  return text !== null ? { mimeType, text } : { mimeType, text: Buffer.from(d.body).toString('base64'), encoding: 'base64' };
}

/**
 * One HAR 1.2 entry: the request as received, the listener's answer, and what Hooklab knows in
 * `_hooklab`. One line of JSON (jsonLiteral keeps U+2028/U+2029 from splitting it).
 */
export function harEntryLine(d: SharedDelivery, answeredStatus: number | null): string {
  const body = postData(d);
  return jsonLiteral({
    startedDateTime: d.receivedAt,
    time: 0,
    request: {
      method: d.method,
      url: d.url,
      httpVersion: 'HTTP/1.1',
      cookies: [],
      headers: d.headers.map(([name, value]) => header(name, value)),
      queryString: queryString(d.url),
      ...(body ? { postData: body } : {}),
      headersSize: -1,
      bodySize: d.body.length,
    },
    response: {
      status: answeredStatus ?? 0,
      statusText: '',
      httpVersion: 'HTTP/1.1',
      cookies: [],
      headers: [],
      content: { size: 0, mimeType: '' },
      redirectURL: '',
      headersSize: -1,
      bodySize: -1,
    },
    cache: {},
    timings: { send: 0, wait: 0, receive: 0 },
    _hooklab: d.verdict,
  });
}

/** The file's text before its first entry and after its last: entries go between, one a line. */
export function harFrame(version: string, redacted: boolean): { head: string; tail: string } {
  const log = jsonLiteral({ version: '1.2', creator: { name: 'Hooklab', version }, _hooklab: { ...HAR_FORMAT, redacted } });
  return { head: `{"log":${log.slice(0, -1)},"entries":[\n`, tail: ']}}\n' };
}
