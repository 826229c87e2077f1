import type { ForwardResult } from '../../../shared/contract/live';
import type { ExportRow } from '../../services/data/delivery-store';

/**
 * One delivery as both formats carry it (docs/share.md): what arrived (method, URL, headers in
 * order, the body's bytes) and what the sender's Live said about it.
 */
export interface SharedDelivery {
  readonly deliveryId: number;
  readonly receivedAt: string;
  readonly method: string;
  readonly url: string;
  readonly headers: Array<[string, string]>;
  readonly body: Uint8Array;
  /** The bytes received (the declared size when the body was cut). */
  readonly bodySize: number;
  readonly verdict: SenderVerdict;
}

/** What the sender's Live showed: each entry's `_hooklab` and a bundle delivery's verdict fields. */
export interface SenderVerdict {
  readonly deliveryId: number;
  readonly signature: string;
  readonly signatureCause: { kind: string; message: string } | null;
  readonly eventId: number | null;
  readonly eventCreated: string | null;
  readonly eventType: string | null;
  readonly orderId: string | null;
  readonly duplicateOf: number | null;
  readonly flags: string[];
  readonly forwards: ForwardResult[];
}

/** The flag words of docs/share.md, in a fixed order. */
function flagsOf(summary: ExportRow['summary']): string[] {
  const flags: string[] = [];
  if (summary.duplicateOf !== null) flags.push('duplicate');
  if (summary.outOfOrder) flags.push('out-of-order');
  if (summary.unverified) flags.push('unverified');
  if (summary.truncation !== null) flags.push(summary.truncation);
  return flags;
}

/** `http://` + the Host header + the path as received (a sender without Host: `localhost`). */
function urlOf(headers: ReadonlyArray<[string, string]>, path: string): string {
  const host = headers.find(([name]) => name.toLowerCase() === 'host')?.[1]?.trim() || 'localhost';
  return `http://${host}${path.startsWith('/') ? path : `/${path}`}`;
}

export function sharedDelivery(row: ExportRow, forwards: ForwardResult[]): SharedDelivery {
  const s = row.summary;
  return {
    deliveryId: s.id,
    receivedAt: s.receivedAt,
    method: s.method,
    url: urlOf(row.headers, s.path),
    headers: row.headers,
    body: row.body,
    bodySize: s.bodySize,
    verdict: {
      deliveryId: s.id,
      signature: s.signature,
      signatureCause: s.diagnosis ? { kind: s.diagnosis.kind, message: s.diagnosis.message } : null,
      eventId: s.eventId,
      eventCreated: s.eventCreated,
      eventType: s.eventType,
      orderId: s.orderId,
      duplicateOf: s.duplicateOf,
      flags: flagsOf(s),
      forwards,
    },
  };
}
