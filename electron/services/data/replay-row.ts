import type { ReplayDetail, ReplaySentFrom, ReplaySummary } from '../../../shared/contract/replay';
import type { TamperPreset } from '../../../shared/contract/replay-drafts';
import { bodyAsText } from '../../../shared/text/utf8';

/**
 * A row of `replays` and the one mapper from it to what the UI shows: for rows read
 * (replay-reads.ts) and rows just written (replay-store.ts), so the two never differ.
 */
export interface ReplayRow {
  id: number;
  sent_at: string;
  batch_id: string;
  draft_id: number | null;
  draft_name: string | null;
  method: string;
  target_url: string;
  event_id: string | null;
  event_type: string | null;
  tamper: TamperPreset;
  request_body_size: number;
  status: number | null;
  error: string | null;
  latency_ms: number | null;
  sent_from: ReplaySentFrom;
  trace_id: string | null;
}

export const SUMMARY_COLUMNS =
  'id, sent_at, batch_id, draft_id, draft_name, method, target_url, event_id, event_type, tamper, request_size AS request_body_size, status, error, latency_ms, sent_from, trace_id';

/** The status class a replay is filed under (history filter). */
export function statusClass(status: number | null): string {
  if (status === null) return 'error';
  return `${Math.floor(status / 100)}xx`;
}

export function toSummary(r: ReplayRow): ReplaySummary {
  return {
    id: r.id,
    sentAt: r.sent_at,
    batchId: r.batch_id,
    draftId: r.draft_id,
    draftName: r.draft_name,
    method: r.method,
    targetUrl: r.target_url,
    eventId: r.event_id,
    eventType: r.event_type,
    tamper: r.tamper,
    bodySize: r.request_body_size,
    status: r.status,
    error: r.error,
    latencyMs: r.latency_ms,
    sentFrom: r.sent_from,
    traceId: r.trace_id,
  };
}

/** A whole row of `replays`, request and response included. */
export interface ReplayDetailRow extends ReplayRow {
  request_headers_json: string;
  request_body: Uint8Array;
  signature: string | null;
  key_label: string | null;
  response_headers_json: string | null;
  response_body: Uint8Array | null;
  response_size: number | null;
  response_truncated: number;
  location: string | null;
}

/** The one mapper from a replay row to what the UI shows (for rows read and rows just written). */
export function toDetail(row: ReplayDetailRow): ReplayDetail {
  const requestBody = new Uint8Array(row.request_body);
  const responseBody = row.response_body ? new Uint8Array(row.response_body) : null;
  return {
    summary: toSummary(row),
    request: {
      method: row.method,
      url: row.target_url,
      headers: JSON.parse(row.request_headers_json) as Array<[string, string]>,
      bodyBase64: Buffer.from(requestBody).toString('base64'),
      bodyText: bodyAsText(requestBody),
      bodySize: requestBody.length,
      signature: row.signature,
      keyLabel: row.key_label,
    },
    response:
      row.status === null || !responseBody
        ? null
        : {
            status: row.status,
            headers: JSON.parse(row.response_headers_json ?? '[]') as Array<[string, string]>,
            bodyBase64: Buffer.from(responseBody).toString('base64'),
            bodyText: bodyAsText(responseBody),
            bodySize: row.response_size ?? responseBody.length,
            truncated: row.response_truncated === 1,
            location: row.location,
          },
  };
}
