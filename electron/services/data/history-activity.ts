import type { StatementSync } from 'node:sqlite';
import type { Database } from './database';
import { bucketWidth } from './delivery-activity';

/** One slice of time of History's activity strip: the service's deliveries by outcome. */
export interface HistoryActivityBucket {
  readonly startMs: number;
  /** Answered 2xx (the service counts them delivered). */
  readonly delivered: number;
  /** Answered otherwise, or not at all. */
  readonly failed: number;
  /** Still in flight at the last poll (responseStatusCode 0). */
  readonly inFlight: number;
}

export interface HistoryActivity {
  readonly fromMs: number;
  readonly toMs: number;
  readonly bucketMs: number;
  /** Only slices with at least one delivery, oldest first. */
  readonly buckets: HistoryActivityBucket[];
}

/**
 * History's activity strip: deliveries of the local copy per slice of their `created` time,
 * delivered vs failed, counted by SQLite (read-only: `HistoryStore` owns the table). `created`
 * is the service's ISO text, so it is turned into epoch ms in the query (unixepoch … subsec);
 * the copy has no index on it, so a read walks the environment's rows once.
 */
export class HistoryActivityReads {
  private readonly bySlot: StatementSync;

  constructor(db: Database) {
    this.bySlot = db.prepare(
      `SELECT CAST((t - ?) / ? AS INTEGER) AS slot,
              sum(delivered = 1) AS delivered,
              sum(delivered = 0 AND response_status_code <> 0) AS failed,
              sum(delivered = 0 AND response_status_code = 0) AS in_flight
         FROM (SELECT CAST(unixepoch(created, 'subsec') * 1000 AS INTEGER) AS t, delivered, response_status_code
                 FROM history_deliveries WHERE environment_id = ?)
        WHERE t >= ? AND t < ?
        GROUP BY slot ORDER BY slot`,
    );
  }

  read(environmentId: string, fromMs: number, toMs: number): HistoryActivity {
    const bucketMs = bucketWidth(fromMs, toMs);
    const rows = this.bySlot.all(fromMs, bucketMs, environmentId, fromMs, toMs) as Array<{
      slot: number;
      delivered: number;
      failed: number;
      in_flight: number;
    }>;
    return {
      fromMs,
      toMs,
      bucketMs,
      buckets: rows.map((r) => ({
        startMs: fromMs + Number(r.slot) * bucketMs,
        delivered: Number(r.delivered),
        failed: Number(r.failed),
        inFlight: Number(r.in_flight),
      })),
    };
  }
}
