import type { DeliveryDetail, DeliverySummary } from '../../../shared/contract/live';
import type { DeliveryStore } from '../../services/data/delivery-store';
import { jsonLiteral } from '../../../shared/text/json-literal';
import { bodyAsText } from '../../../shared/text/utf8';
import { diagnoseAgainstSenderCopies, type KnownKey } from '../../../shared/signing/diagnose';
import type { HmacSha256 } from '../../../shared/signing/hmac';
import type { HistoryStore } from '../../services/data/history-store';

/** What a detail needs to check a "wrong key" verdict against the service's own copy of the event. */
export interface SenderCopySource {
  readonly history: HistoryStore;
  readonly environmentId: string;
  readonly hmac: HmacSha256;
  readonly keys: readonly KnownKey[];
}

/** How many of an event's history deliveries are tried (resends of one event carry the same payload). */
const COPIES_TRIED = 20;

/** Everything the detail pane shows for one delivery, or undefined when it does not exist. */
export function deliveryDetail(store: DeliveryStore, id: number, copies?: SenderCopySource): DeliveryDetail | undefined {
  const stored = store.summary(id);
  const raw = store.raw(id);
  if (!stored || !raw) return undefined;
  const summary = copies ? withSenderCopyDiagnosis(stored, raw, copies) : stored;
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
  const signature = raw.headers.find(([name]) => name.toLowerCase() === 'x-svc-hmac-sha256')?.[1];
  if (signature === undefined) return summary;
  const copies = source.history
    .list(source.environmentId, { afterId: 0, limit: COPIES_TRIED, eventId: summary.eventId })
    .map((d) => ({ label: `The service's history copy of event ${summary.eventId} (delivery ${d.id})`, text: d.payload }));
  const found = diagnoseAgainstSenderCopies({ hmac: source.hmac, body: raw.body, signature, keys: source.keys }, copies);
  return found ? { ...summary, signatureKeyId: found.keyId, diagnosis: found.diagnosis } : summary;
}
