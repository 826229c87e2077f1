import type { StatementSync } from 'node:sqlite';
import type { Database } from './database';

/** One slice of time of the activity strip: deliveries by verdict, and how many a handler failed. */
export interface ActivityBucket {
  readonly startMs: number;
  readonly valid: number;
  readonly invalid: number;
  readonly missing: number;
  /** no-key and unverifiable (not judged valid or invalid). */
  readonly other: number;
  /** Deliveries of the slice that a forward target answered with a non-2xx status or not at all. */
  readonly handlerFailed: number;
}

export interface Activity {
  readonly fromMs: number;
  readonly toMs: number;
  readonly bucketMs: number;
  /** Only slices with at least one delivery, oldest first. */
  readonly buckets: ActivityBucket[];
}

const MINUTE = 60_000;
/** At most this many slices in a range: a minute each up to two hours, wider beyond. */
const MAX_BUCKETS = 120;

/** The slice width for a range: whole minutes, so at most MAX_BUCKETS slices. */
export function bucketWidth(fromMs: number, toMs: number): number {
  return Math.max(1, Math.ceil((toMs - fromMs) / MAX_BUCKETS / MINUTE)) * MINUTE;
}

/**
 * The activity strip's aggregate reads of received deliveries and their forward results. Only
 * what the listener received counts: imported rows (`import_id` set) never arrived here.
 * (read-only: `DeliveryStore` owns the tables and writes them). Counting is done by SQLite,
 * one read per slice over the range, so 100,000 stored deliveries come back as at most 120 rows and the
 * renderer never walks the rows itself.
 */
export class DeliveryActivity {
  private readonly inSlice: StatementSync;
  private readonly failed: StatementSync;

  constructor(db: Database) {
    // One read per slice rather than one GROUP BY over the range: each is a walk of the
    // received_by_time index (migrations 012 and 017) summing as it goes, where the GROUP BY computed a
    // slot per row and sorted 100,000 of them in a temporary B-tree (about 9x slower).
    this.inSlice = db.prepare(
      `SELECT count(*) AS n, sum(signature_outcome = 'valid') AS valid,
              sum(signature_outcome = 'invalid') AS invalid, sum(signature_outcome = 'missing') AS missing
         FROM received_deliveries
        WHERE received_at_ms >= ? AND received_at_ms < ? AND import_id IS NULL`,
    );
    this.failed = db.prepare(
      `SELECT CAST((d.received_at_ms - ?) / ? AS INTEGER) AS slot, count(DISTINCT d.id) AS n
         FROM received_deliveries d JOIN forward_results f ON f.delivery_id = d.id
        WHERE d.received_at_ms >= ? AND d.received_at_ms < ? AND d.import_id IS NULL
          AND (f.status IS NULL OR f.status < 200 OR f.status > 299)
        GROUP BY slot`,
    );
  }

  /** Deliveries per slice in [fromMs, toMs), by verdict, with handler failures. */
  read(fromMs: number, toMs: number): Activity {
    const bucketMs = bucketWidth(fromMs, toMs);
    const slots = new Map<
      number,
      { valid: number; invalid: number; missing: number; other: number; handlerFailed: number }
    >();
    for (let n = 0; fromMs + n * bucketMs < toMs; n++) {
      const start = fromMs + n * bucketMs;
      const row = this.inSlice.get(start, Math.min(toMs, start + bucketMs)) as {
        n: number;
        valid: number | null;
        invalid: number | null;
        missing: number | null;
      };
      if (row.n === 0) continue;
      const valid = row.valid ?? 0;
      const invalid = row.invalid ?? 0;
      const missing = row.missing ?? 0;
      slots.set(n, { valid, invalid, missing, other: row.n - valid - invalid - missing, handlerFailed: 0 });
    }
    for (const row of this.failed.all(fromMs, bucketMs, fromMs, toMs) as Array<{
      slot: number;
      n: number;
    }>) {
      const s = slots.get(row.slot);
      if (s) s.handlerFailed = row.n;
    }
    const buckets = [...slots]
      .sort((a, b) => a[0] - b[0])
      .map(([n, counts]) => ({ startMs: fromMs + n * bucketMs, ...counts }));
    return { fromMs, toMs, bucketMs, buckets };
  }
}
