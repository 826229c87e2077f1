import type { DeliverySummary } from '../../../shared/contract/live';
import { capSummaryFieldOrNull, summaryFieldSql } from '../../../shared/text/summary-field';
import type { BodyKind } from './received-delivery';

/** A received_deliveries row's summary columns, and the one mapper every read of them uses. */

/** `truncated` column: 0 whole, 1 over the limit, 2 cut off mid-body. */
export const TRUNCATION_CODES = { 'over-limit': 1, 'cut-off': 2 } as const;
export const truncationOf = (code: number): DeliverySummary['truncation'] =>
  code === 1 ? 'over-limit' : code === 2 ? 'cut-off' : null;

export interface Row {
  id: number;
  received_at: string;
  method: string;
  path: string;
  body_size: number;
  truncated: number;
  event_id: number | null;
  event_created: string | null;
  event_type: string | null;
  level: string | null;
  order_type: string | null;
  order_id: string | null;
  order_reference: string | null;
  signature_outcome: string;
  signature_key_id: string | null;
  signature_diagnosis: string | null;
  verified: number | null;
  duplicate_of: number | null;
  out_of_order: number;
  answered_status: number | null;
  handler_targets: number;
  handler_failed: number;
  handler_first_status: number | null;
  handler_first_error: string | null;
  body_kind: BodyKind | null;
  /** Set on imported rows (migration 015): the import and its file's name. */
  import_id?: number | null;
  import_file?: string | null;
}

// Summary fields of rows stored before they were capped at insert are read capped too.
export const SUMMARY_COLUMNS = `id, received_at, method, path, body_size, truncated, event_id, event_created, ${summaryFieldSql('event_type')},
  ${summaryFieldSql('level')}, ${summaryFieldSql('order_type')}, ${summaryFieldSql('order_id')}, ${summaryFieldSql('order_reference')}, signature_outcome, signature_key_id, signature_diagnosis,
  verified, duplicate_of, out_of_order, answered_status, handler_targets, handler_failed, handler_first_status,
  handler_first_error, body_kind, import_id, (SELECT file_name FROM imports WHERE imports.id = import_id) AS import_file`;

export function toSummary(r: Row): DeliverySummary {
  return {
    id: r.id,
    receivedAt: r.received_at,
    method: r.method,
    path: r.path,
    bodySize: r.body_size,
    truncated: r.truncated !== 0,
    truncation: truncationOf(r.truncated),
    eventId: r.event_id,
    eventCreated: r.event_created,
    eventType: capSummaryFieldOrNull(r.event_type),
    level: capSummaryFieldOrNull(r.level),
    orderType: capSummaryFieldOrNull(r.order_type),
    orderId: capSummaryFieldOrNull(r.order_id),
    orderReference: capSummaryFieldOrNull(r.order_reference),
    signature: r.signature_outcome as DeliverySummary['signature'],
    signatureKeyId: r.signature_key_id,
    diagnosis: r.signature_diagnosis ? (JSON.parse(r.signature_diagnosis) as DeliverySummary['diagnosis']) : null,
    unverified: r.verified === 0,
    duplicateOf: r.duplicate_of,
    outOfOrder: r.out_of_order === 1,
    answeredStatus: r.answered_status,
    ...(r.body_kind !== null ? { bodyKind: r.body_kind } : {}),
    ...(r.import_id != null ? { imported: { importId: Number(r.import_id), fileName: r.import_file ?? '' } } : {}),
    handler:
      r.handler_targets > 0
        ? {
            targets: r.handler_targets,
            failed: r.handler_failed,
            firstStatus: r.handler_first_status,
            firstError: r.handler_first_error,
          }
        : null,
  };
}
