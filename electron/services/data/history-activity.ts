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

/** One bar of History's event-type bars: the events of one type, by outcome. */
export interface EventTypeCounts {
  readonly eventType: string;
  /** Events with at least one 2xx attempt. */
  readonly delivered: number;
  /** Events every attempt of which failed so far. */
  readonly failed: number;
}

/**
 * History's two charts of the local copy, counted by SQLite (read-only: `HistoryStore` owns the
 * table). The activity strip: deliveries per slice of their `created` time, delivered vs
 * failed; `created` is the service's ISO text, so it is turned into epoch ms in the query
 * (unixepoch … subsec); the copy has no index on it, so a read walks the environment's rows
 * once. The event-type bars: events per type, delivered vs not.
 */
export class HistoryActivityReads {
  private readonly bySlot: StatementSync;
  private readonly byType: StatementSync;

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
    this.byType = db.prepare(
      `SELECT event_type AS eventType, SUM(ok) AS delivered, SUM(1 - ok) AS failed
         FROM (SELECT event_type, MAX(delivered) AS ok FROM history_deliveries WHERE environment_id = ? GROUP BY event_id, event_type)
        GROUP BY event_type ORDER BY COUNT(*) DESC, event_type`,
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

  /**
   * Per event type, how many events the service delivered (at least one 2xx attempt) and how
   * many it has not (every attempt failed so far), most events first.
   */
  byEventType(environmentId: string): EventTypeCounts[] {
    const rows = this.byType.all(environmentId) as Array<{ eventType: string; delivered: number; failed: number }>;
    return rows.map((r) => ({ eventType: r.eventType, delivered: Number(r.delivered), failed: Number(r.failed) }));
  }
}
