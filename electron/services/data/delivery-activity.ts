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
 * The activity strip's aggregate reads of received deliveries and their forward results
 * (read-only: `DeliveryStore` owns the tables and writes them). Counting is done by SQLite,
 * GROUP BY over the range, so 100,000 stored deliveries come back as at most 120 rows and the
 * renderer never walks the rows itself.
 */
export class DeliveryActivity {
  private readonly byVerdict: StatementSync;
  private readonly failed: StatementSync;

  constructor(db: Database) {
    this.byVerdict = db.prepare(
      `SELECT CAST((received_at_ms - ?) / ? AS INTEGER) AS slot, signature_outcome AS verdict, count(*) AS n
         FROM received_deliveries
        WHERE received_at_ms >= ? AND received_at_ms < ?
        GROUP BY slot, verdict`,
    );
    this.failed = db.prepare(
      `SELECT CAST((d.received_at_ms - ?) / ? AS INTEGER) AS slot, count(DISTINCT d.id) AS n
         FROM received_deliveries d JOIN forward_results f ON f.delivery_id = d.id
        WHERE d.received_at_ms >= ? AND d.received_at_ms < ?
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
    const slot = (n: number) => {
      let s = slots.get(n);
      if (!s) slots.set(n, (s = { valid: 0, invalid: 0, missing: 0, other: 0, handlerFailed: 0 }));
      return s;
    };
    for (const row of this.byVerdict.all(fromMs, bucketMs, fromMs, toMs) as Array<{
      slot: number;
      verdict: string;
      n: number;
    }>) {
      const s = slot(row.slot);
      if (row.verdict === 'valid' || row.verdict === 'invalid' || row.verdict === 'missing')
        s[row.verdict] += row.n;
      else s.other += row.n;
    }
    for (const row of this.failed.all(fromMs, bucketMs, fromMs, toMs) as Array<{
      slot: number;
      n: number;
    }>)
      slot(row.slot).handlerFailed = row.n;
    const buckets = [...slots]
      .sort((a, b) => a[0] - b[0])
      .map(([n, counts]) => ({ startMs: fromMs + n * bucketMs, ...counts }));
    return { fromMs, toMs, bucketMs, buckets };
  }
}
