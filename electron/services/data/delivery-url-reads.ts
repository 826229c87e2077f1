import type { Database } from './database';

/*
 * The history copy as History's delivery URLs read it: where the service really sent its
 * webhooks (history_deliveries is written by history-store.ts; this module only reads).
 */

/** One URL the service sent deliveries to, as history.deliveryUrls lists it (without `current`). */
export interface DeliveryUrlRow {
  readonly url: string;
  readonly deliveries: number;
  readonly delivered: number;
  readonly lastCreated: string;
  readonly lastStatus: number;
}

/**
 * Per URL the service sent to (as logged, newest first): how many deliveries, how many
 * delivered, the last one's time and status. Since `sinceIso`, compared as ISO text.
 */
export function historyDeliveryUrls(db: Database, environmentId: string, sinceIso: string): DeliveryUrlRow[] {
  const rows = db
    .prepare(
      `SELECT url, COUNT(*) AS deliveries, SUM(delivered) AS delivered, MAX(created) AS last_created,
         (SELECT h2.response_status_code FROM history_deliveries h2
           WHERE h2.environment_id = h.environment_id AND h2.url = h.url AND h2.created >= ?
           ORDER BY h2.created DESC, h2.id DESC LIMIT 1) AS last_status
       FROM history_deliveries h WHERE environment_id = ? AND created >= ?
       GROUP BY url ORDER BY last_created DESC`,
    )
    .all(sinceIso, environmentId, sinceIso) as { url: string; deliveries: number; delivered: number; last_created: string; last_status: number }[];
  return rows.map((r) => ({
    url: r.url,
    deliveries: Number(r.deliveries),
    delivered: Number(r.delivered),
    lastCreated: r.last_created,
    lastStatus: Number(r.last_status),
  }));
}
