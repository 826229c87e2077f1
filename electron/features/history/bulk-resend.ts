import { MAX_BRIEF_OUTCOMES, type BulkResendSummary, type ResendOutcomeView } from '../../../shared/contract/history';
import { CallError } from '../../../shared/contract/errors';
import type { JobControl, Jobs } from '../../services/jobs/jobs';
import { runPool } from '../../services/jobs/rate-pool';
import type { ResendRemainderStore } from '../../services/data/resend-remainder-store';
import { resendOne, type ResendClient, type ResendOutcome } from './resend';
import { resendTally } from '../../../shared/history/resend-tally';

export interface BulkResendOptions {
  readonly concurrency: number;
  readonly ratePerSecond?: number | undefined;
  readonly jobId?: string | undefined;
  readonly title: string;
}

/** What a bulk resend needs of the feature: the client of the active environment, and what to do with each outcome. */
export interface BulkResendDeps {
  readonly jobs: Jobs;
  /** The resend client of the active environment (throws a CallError when none is available). */
  readonly client: () => { environmentId: string; client: ResendClient };
  /** Keeps a resend's new delivery in the local copy at once. */
  readonly keep: (environmentId: string, outcome: ResendOutcome) => void;
  /** Announces what changed in the local copy (once per job). */
  readonly flush: () => void;
  /** The time now, as ISO text (the core's clock). */
  readonly now: () => string;
  /** What cancelled jobs left, kept in the data folder so a resume works after a restart. */
  readonly remainders: ResendRemainderStore;
  /** The time now in milliseconds (the core's clock). */
  readonly nowMs: () => number;
  /** Tells followers of the job each outcome as it comes (history.resendOutcome). */
  readonly announce: (jobId: string, outcome: ResendOutcomeView) => void;
  /** Which of these resend ids name an event delivered since `sinceMs` (in the history copy, or received here). */
  readonly deliveredSince: (ids: readonly number[], sinceMs: number) => ReadonlySet<number>;
}

/** What a resume started: the new job, the resends it makes, and those left out as delivered since the cancel. */
export interface ResumedResend {
  readonly jobId: string;
  readonly resends: number;
  readonly skipped: number;
  readonly result: Promise<BulkResendSummary>;
}

/**
 * Bulk resends as jobs: a pool with a rate, cancelled between resends (one already sent is not
 * taken back: the service logged it), and resumed later with exactly the resends not started.
 */
export class BulkResends {
  /** The deliveries each running job resends: a second job over any of them is refused. */
  private readonly running = new Map<string, ReadonlySet<number>>();

  constructor(private readonly deps: BulkResendDeps) {}

  /**
   * Starts the job and answers at once; `result` resolves when it ends. Refused (conflict,
   * naming the job) while another running job resends any of the same deliveries: the same
   * request made twice would make the service send each event twice.
   */
  start(ids: readonly number[], options: BulkResendOptions): { jobId: string; result: Promise<BulkResendSummary> } {
    this.refuseOverlap(ids);
    const { environmentId, client } = this.deps.client();
    const started = this.deps.jobs.start(
      { kind: 'history.resend', title: options.title, total: ids.length, jobId: options.jobId, resumable: true },
      (job) => this.run(job, environmentId, client, ids, options),
    );
    this.running.set(started.jobId, new Set(ids));
    const forget = () => void this.running.delete(started.jobId);
    started.result.then(forget, forget);
    return started;
  }

  private refuseOverlap(ids: readonly number[]): void {
    for (const [jobId, covered] of this.running) {
      const shared = ids.filter((id) => covered.has(id)).length;
      if (shared > 0) {
        throw new CallError('conflict', `job ${jobId} is already resending ${shared} of these ${ids.length} deliveries: wait for it or cancel it (jobs.cancel) first`);
      }
    }
  }

  /**
   * Lists the resends cancelled in an earlier run whose rest the data folder kept, as cancelled
   * resumable jobs: after a restart History offers their Resume and `jobs.list` reports them.
   */
  restoreResumable(): void {
    for (const kept of this.deps.remainders.list()) {
      const at = new Date(kept.keptAtMs).toISOString();
      const rest = kept.ids.length;
      this.deps.jobs.restore({
        jobId: kept.jobId,
        kind: 'history.resend',
        title: `Resend: ${rest} not sent yet (cancelled before Hooklab restarted)`,
        done: 0,
        total: rest,
        failed: 0,
        state: 'cancelled',
        startedAt: at,
        finishedAt: at,
        error: null,
        resumable: true,
        outcome: `${rest} not sent yet`,
      });
    }
  }

  /**
   * A cancelled job's resends not started, as a new job, without the events delivered since it
   * was cancelled (a later job or the service's own retry got them through: resending them
   * would hand the handler duplicates). Refused (conflict) when every one was delivered since.
   */
  resume(jobId: string, options: { ratePerSecond?: number | undefined; newJobId?: string | undefined }): ResumedResend | null {
    // Taken away before the new job starts: a second resume finds nothing, even after a restart.
    const remainder = this.deps.remainders.take(jobId);
    if (!remainder) return null;
    const delivered = this.deps.deliveredSince(remainder.ids, remainder.keptAtMs);
    const ids = remainder.ids.filter((id) => !delivered.has(id));
    const skipped = remainder.ids.length - ids.length;
    if (ids.length === 0) {
      this.deps.jobs.markResumed(jobId);
      throw new CallError('conflict', `all ${skipped} events job ${jobId} had left were delivered since it was cancelled: nothing to resend`);
    }
    const run = {
      concurrency: remainder.concurrency,
      ratePerSecond: options.ratePerSecond ?? remainder.ratePerSecond,
      jobId: options.newJobId,
      title: `Resume: resend ${ids.length} (rest of ${jobId}${skipped > 0 ? `; ${skipped} delivered since, left out` : ''})`,
    };
    try {
      const started = this.start(ids, run);
      this.deps.jobs.markResumed(jobId);
      return { ...started, resends: ids.length, skipped };
    } catch (error) {
      // Not started (no environment available): the rest stays resumable.
      this.deps.remainders.put(jobId, remainder, remainder.keptAtMs);
      throw error;
    }
  }

  private async run(
    job: JobControl,
    environmentId: string,
    client: ResendClient,
    ids: readonly number[],
    options: BulkResendOptions,
  ): Promise<BulkResendSummary> {
    const byKind: Record<string, number> = {};
    const problems: ResendOutcomeView[] = [];
    const brief: BulkResendSummary['outcomes'] = [];
    let delivered = 0;
    let failed = 0;
    try {
      const startedIndexes = await runPool(
        ids,
        async (id) => {
          // No signal here: a resend under way finishes and is counted, so what the service
          // logged is exactly what the job says it sent.
          const outcome = await resendOne(client, id).catch(
            (error: unknown): ResendOutcome => ({ id, kind: 'failed', message: (error as Error).message, delivery: null }),
          );
          byKind[outcome.kind] = (byKind[outcome.kind] ?? 0) + 1;
          if (brief.length < MAX_BRIEF_OUTCOMES) brief.push({ id: outcome.id, kind: outcome.kind, message: outcome.message });
          this.deps.announce(job.jobId, outcome);
          if (outcome.kind === 'delivered') delivered++;
          else {
            failed++;
            if (problems.length < 100) problems.push(outcome);
          }
          this.deps.keep(environmentId, outcome);
          job.step(outcome.kind !== 'delivered');
        },
        { concurrency: options.concurrency, ratePerSecond: options.ratePerSecond, signal: job.signal },
      );
      if (job.signal.aborted) {
        const sent = new Set(startedIndexes);
        const rest = ids.filter((_, i) => !sent.has(i));
        const remainder = { ids: rest, concurrency: options.concurrency, ratePerSecond: options.ratePerSecond };
        if (rest.length > 0) this.deps.remainders.put(job.jobId, remainder, this.deps.nowMs());
      }
    } finally {
      this.deps.flush();
      job.setOutcome(resendTally(byKind));
    }
    return {
      jobId: job.jobId,
      state: job.signal.aborted ? 'cancelled' : 'done',
      finishedAt: this.deps.now(),
      total: delivered + failed,
      delivered,
      failed,
      byKind,
      problems,
      outcomes: brief,
    };
  }
}
