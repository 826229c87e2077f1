import type { DeliveryDetail, DeliverySummary } from '../../../shared/contract/live';
import type { DeliveryStore } from '../../services/data/delivery-store';
import { bodyAsText, utf8CutAt } from '../../../shared/text/utf8';

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * Everything the detail pane shows for one delivery, or undefined when it does not exist. With
 * `bodyBytes`, only the body's first part (whole characters when it is text): a 20 MB body took
 * seconds to encode, send, decode and lay out when the pane needed only its first screen.
 */
export function deliveryDetail(store: DeliveryStore, id: number, bodyBytes?: number): DeliveryDetail | undefined {
  const summary = store.summary(id);
  const raw = store.raw(id);
  if (!summary || !raw) return undefined;
  const isText = isUtf8(raw.body);
  const part = bodyBytes === undefined || bodyBytes >= raw.body.length ? raw.body : raw.body.subarray(0, isText ? utf8CutAt(raw.body, bodyBytes) : bodyBytes);
  return {
    summary,
    headers: raw.headers,
    bodyBase64: Buffer.from(part.buffer, part.byteOffset, part.byteLength).toString('base64'),
    bodyText: isText ? Buffer.from(part.buffer, part.byteOffset, part.byteLength).toString('utf8') : null,
    bodyStoredBytes: raw.body.length,
    bodySha256: raw.sha256,
    forwards: store.forwards(id),
  };
}

/** Whether the bytes are valid UTF-8, without keeping the decoded text. */
function isUtf8(bytes: Uint8Array): boolean {
  try {
    strictUtf8.decode(bytes);
    return true;
  } catch {
    return false;
  }
}

/** One NDJSON line: the summary, every header, and the body (Base64 always, text when UTF-8). */
export function exportLine(row: {
  summary: DeliverySummary;
  headers: Array<[string, string]>;
  body: Uint8Array;
  sha256: string;
}): string {
  return JSON.stringify({
    ...row.summary,
    headers: row.headers,
    bodySha256: row.sha256,
    bodyBase64: Buffer.from(row.body).toString('base64'),
    body: bodyAsText(row.body),
  });
}
