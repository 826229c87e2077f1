import type { SQLInputValue } from 'node:sqlite';

/** What an export may narrow its rows by, beside ids (docs/share.md): all given must hold. */
export interface ExportFilter {
  readonly eventType?: string;
  readonly orderId?: string;
  /** Received at or after this time (epoch ms). */
  readonly sinceMs?: number;
}

/** The SQL conditions of an export's ids and filters, added to `where` and `params`. */
export function filterWhere(filter: ExportFilter & { ids?: readonly number[] }, where: string[], params: SQLInputValue[]): void {
  const conditions: Array<[string, readonly SQLInputValue[]] | null> = [
    filter.ids ? [`id IN (${filter.ids.map(() => '?').join(',') || 'NULL'})`, filter.ids] : null,
    filter.eventType !== undefined ? ['event_type = ?', [filter.eventType]] : null,
    filter.orderId !== undefined ? ['order_id = ?', [filter.orderId]] : null,
    filter.sinceMs !== undefined ? ['received_at_ms >= ?', [filter.sinceMs]] : null,
  ];
  for (const c of conditions) {
    if (c === null) continue;
    where.push(c[0]);
    params.push(...c[1]);
  }
}
