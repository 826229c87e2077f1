import type { DeliveryDetail, DeliverySummary } from '../../../shared/contract/live';
import type { DeliveryStore } from '../../services/data/delivery-store';
import { jsonLiteral } from '../../../shared/text/json-literal';
import { SIGNATURE_HEADER } from '../../../shared/service/webhooks';
import { bodyAsText, utf8CutAt } from '../../../shared/text/utf8';
import { diagnoseAgainstSenderCopies, type KnownKey } from '../../../shared/signing/diagnose';
import type { HmacSha256 } from '../../../shared/signing/hmac';
import type { HistoryStore } from '../../services/data/history-store';

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/** What a detail needs to check a "wrong key" verdict against the service's own copy of the event. */
export interface SenderCopySource {
  readonly history: HistoryStore;
  readonly environmentId: string;
  readonly hmac: HmacSha256;
  readonly keys: readonly KnownKey[];
}

/** How many of an event's history deliveries are tried (resends of one event carry the same payload). */
const COPIES_TRIED = 20;

/**
 * Everything the detail pane shows for one delivery, or undefined when it does not exist. With
 * `bodyBytes`, only the body's first part (whole characters when it is text): a 20 MB body took
 * seconds to encode, send, decode and lay out when the pane needed only its first screen. With
 * `copies`, a "wrong key" verdict is checked against the history copy of its event.
 */
export function deliveryDetail(
  store: DeliveryStore,
  id: number,
  options: { bodyBytes?: number | undefined; copies?: SenderCopySource } = {},
): DeliveryDetail | undefined {
  const stored = store.summary(id);
  const raw = store.raw(id);
  if (!stored || !raw) return undefined;
  const summary = options.copies ? withSenderCopyDiagnosis(stored, raw, options.copies) : stored;
  const { bodyBytes } = options;
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

/**
 * "Matches none of the known keys" is often wrong: the body was changed and the key is fine. When
 * the history copy holds the same event and its payload verifies under the signature that
 * arrived, the detail says what was changed instead (computed when the detail opens, not stored:
 * the copy may arrive after the delivery).
 */
function withSenderCopyDiagnosis(
  summary: DeliverySummary,
  raw: { headers: Array<[string, string]>; body: Uint8Array },
  source: SenderCopySource,
): DeliverySummary {
  if (summary.signature !== 'invalid' || summary.diagnosis?.kind !== 'wrong-key' || summary.eventId === null) return summary;
  const signature = raw.headers.find(([name]) => name.toLowerCase() === SIGNATURE_HEADER)?.[1];
  if (signature === undefined) return summary;
  const copies = source.history
    .list(source.environmentId, { afterId: 0, limit: COPIES_TRIED, eventId: summary.eventId })
    .map((d) => ({ label: `The service's history copy of event ${summary.eventId} (delivery ${d.id})`, text: d.payload }));
  const found = diagnoseAgainstSenderCopies({ hmac: source.hmac, body: raw.body, signature, keys: source.keys }, copies);
  return found ? { ...summary, signatureKeyId: found.keyId, diagnosis: found.diagnosis } : summary;
}
