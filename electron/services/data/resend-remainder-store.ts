import type { Database } from './database';
import { withTransaction } from '../platform/sqlite-transaction';

/** What a cancelled bulk resend left: the ids it had not started, and how it ran. */
export interface ResendRemainder {
  readonly ids: readonly number[];
  readonly concurrency: number;
  readonly ratePerSecond?: number | undefined;
}

/** A kept remainder as taken back: when it was kept (the job's cancel) too. */
export interface KeptRemainder extends ResendRemainder {
  readonly keptAtMs: number;
}

interface RemainderRow {
  job_id: string;
  ids_json: string;
  concurrency: number;
  rate_per_second: number | null;
  kept_at_ms: number;
}

function toRemainder(row: RemainderRow): KeptRemainder {
  return {
    ids: JSON.parse(row.ids_json) as number[],
    concurrency: row.concurrency,
    ...(row.rate_per_second !== null ? { ratePerSecond: row.rate_per_second } : {}),
    keptAtMs: Number(row.kept_at_ms),
  };
}

/**
 * The one owner of `resend_remainders` (migration 013): cancelled resend jobs' rests, kept in
 * the data folder so a resume after a restart still sends exactly what was not sent. Only the
 * latest `keep` are kept, as the jobs service keeps only its latest jobs.
 */
export class ResendRemainderStore {
  constructor(
    private readonly db: Database,
    private readonly keep = 50,
  ) {}

  /** Keeps (or replaces) a job's remainder, then forgets the oldest beyond `keep`. */
  put(jobId: string, remainder: ResendRemainder, keptAtMs: number): void {
    withTransaction(this.db, () => {
      this.db
        .prepare(
          `INSERT OR REPLACE INTO resend_remainders (job_id, ids_json, concurrency, rate_per_second, kept_at_ms)
           VALUES (?, ?, ?, ?, ?)`,
        )
        .run(jobId, JSON.stringify(remainder.ids), remainder.concurrency, remainder.ratePerSecond ?? null, keptAtMs);
      this.db
        .prepare(
          `DELETE FROM resend_remainders WHERE job_id NOT IN
             (SELECT job_id FROM resend_remainders ORDER BY kept_at_ms DESC, rowid DESC LIMIT ?)`,
        )
        .run(this.keep);
    });
  }

  /**
   * Takes a job's remainder away (null when there is none): a remainder is resumed once, so
   * two resumes never send the same rest twice.
   */
  take(jobId: string): KeptRemainder | null {
    return withTransaction(this.db, () => {
      const row = this.db.prepare('SELECT * FROM resend_remainders WHERE job_id = ?').get(jobId) as RemainderRow | undefined;
      if (!row) return null;
      this.db.prepare('DELETE FROM resend_remainders WHERE job_id = ?').run(jobId);
      return toRemainder(row);
    });
  }

  /** Every kept remainder, newest first: the resumable resends a restarted Hooklab lists. */
  list(): Array<{ jobId: string } & KeptRemainder> {
    const rows = this.db.prepare('SELECT * FROM resend_remainders ORDER BY kept_at_ms DESC, rowid DESC').all() as unknown as RemainderRow[];
    return rows.map((row) => ({ jobId: row.job_id, ...toRemainder(row) }));
  }
}
