import { MAX_BRIEF_OUTCOMES, type BulkResendSummary, type ResendOutcomeView } from '../../../shared/contract/history';
import { CallError } from '../../../shared/contract/errors';
import type { JobControl, Jobs } from '../../services/jobs/jobs';
import { runPool } from '../../services/jobs/rate-pool';
import type { ResendRemainderStore } from '../../services/data/resend-remainder-store';
import { resendOne, type ResendClient, type ResendOutcome } from './resend';

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

  /** A cancelled job's resends not started, as a new job. */
  resume(jobId: string, ratePerSecond: number | undefined): { jobId: string; resends: number; result: Promise<BulkResendSummary> } | null {
    // Taken away before the new job starts: a second resume finds nothing, even after a restart.
    const remainder = this.deps.remainders.take(jobId);
    if (!remainder) return null;
    const options = {
      concurrency: remainder.concurrency,
      ratePerSecond: ratePerSecond ?? remainder.ratePerSecond,
      title: `Resume: resend ${remainder.ids.length} (rest of ${jobId})`,
    };
    try {
      return { ...this.start(remainder.ids, options), resends: remainder.ids.length };
    } catch (error) {
      // Not started (no environment available): the rest stays resumable.
      this.deps.remainders.put(jobId, remainder, this.deps.nowMs());
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
