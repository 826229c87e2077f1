import type { DeliveryDetail, DeliverySummary } from '../../../shared/contract/live';
import type { DeliveryStore } from '../../services/data/delivery-store';
import { jsonLiteral } from '../../../shared/text/json-literal';
import { bodyAsText } from '../../../shared/text/utf8';

/** Everything the detail pane shows for one delivery, or undefined when it does not exist. */
export function deliveryDetail(store: DeliveryStore, id: number): DeliveryDetail | undefined {
  const summary = store.summary(id);
  const raw = store.raw(id);
  if (!summary || !raw) return undefined;
  return {
    summary,
    headers: raw.headers,
    bodyBase64: Buffer.from(raw.body).toString('base64'),
    bodyText: bodyAsText(raw.body),
    bodySha256: raw.sha256,
    forwards: store.forwards(id),
  };
}

/**
 * One NDJSON line: the summary, every header, and the body (Base64 always, text when UTF-8).
 * jsonLiteral keeps a sender's U+2028/U+2029 from splitting the line for readers that split on them.
 */
export function exportLine(row: {
  summary: DeliverySummary;
  headers: Array<[string, string]>;
  body: Uint8Array;
  sha256: string;
}): string {
  return jsonLiteral({
    ...row.summary,
    headers: row.headers,
    bodySha256: row.sha256,
    bodyBase64: Buffer.from(row.body).toString('base64'),
    body: bodyAsText(row.body),
  });
}
