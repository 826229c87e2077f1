import { randomUUID } from 'node:crypto';
import type { JobKind, JobProgress, JobView } from '../../../shared/contract/jobs';
import { CallError } from '../../../shared/contract/errors';
import type { Clock } from '../platform/clock';

/** What a job's work receives: its signal and its progress reporter. */
export interface JobControl {
  readonly jobId: string;
  /** Aborts on jobs.cancel and when the core stops. */
  readonly signal: AbortSignal;
  /** The amount of work, once known (0 until then: progress is a count). */
  setTotal(total: number): void;
  /** One item ended; `failed` counts it among the failures too. */
  step(failed?: boolean): void;
  /** What is happening now that the counts do not say (a retry and its cause); null clears it. */
  note(text: string | null): void;
  /** What the job came to, in words, said with its end ("delivered 8, refused 1, failed 1"). */
  setOutcome(text: string): void;
}

export interface JobSpec {
  readonly kind: JobKind;
  readonly title: string;
  readonly total?: number;
  /** Chosen by the caller to follow the job before it starts (validated by the contract). */
  readonly jobId?: string | undefined;
  /** A cancelled job can be resumed (the feature keeps what remains). */
  readonly resumable?: boolean;
  /** What done and total count when not items ("deliveries"). */
  readonly unit?: string;
}

export interface JobsOptions {
  /** How long an ended job stays listed (default 30 min). */
  readonly keepMs?: number;
  /** Ended jobs kept at most (default 50). */
  readonly keepCount?: number;
}

interface Entry {
  view: JobView;
  readonly controller: AbortController;
  /** Progress events are spaced by done count (about 500 per job at most), never by time. */
  lastEmittedDone: number;
  finished: Promise<unknown>;
}

/** An id nobody chose: short, sortable enough for a log, valid for the contract's JobId. */
const newJobId = () => `job-${randomUUID().slice(0, 13)}`;

/**
 * The one home of long work: runs it with an AbortSignal and a progress reporter, emits
 * `job.progress`, cancels it on request, and keeps its result listed a while after it ends.
 * Pools and rates are `runPool`'s; a job's work uses it with its signal.
 */
export class Jobs {
  private readonly entries = new Map<string, Entry>();
  private readonly keepMs: number;
  private readonly keepCount: number;

  constructor(
    /** Sends `job.progress` (the core's bus; a function, so this service does not depend on the kernel). */
    private readonly publish: (progress: JobProgress) => void,
    private readonly clock: Clock,
    options: JobsOptions = {},
  ) {
    this.keepMs = options.keepMs ?? 30 * 60_000;
    this.keepCount = options.keepCount ?? 50;
  }

  /**
   * Starts `work` as a job and answers at once: its id and the promise of its result (which
   * rejects when the work throws; the job then ends failed with the error's message).
   */
  start<R>(spec: JobSpec, work: (job: JobControl) => Promise<R>): { jobId: string; result: Promise<R> } {
    this.prune();
    const jobId = spec.jobId ?? newJobId();
    if (this.entries.get(jobId)?.view.state === 'running') throw new CallError('conflict', `job ${jobId} is already running`);
    const entry: Entry = {
      view: {
        jobId,
        kind: spec.kind,
        title: spec.title,
        done: 0,
        total: spec.total ?? 0,
        failed: 0,
        state: 'running',
        startedAt: this.isoNow(),
        error: null,
        resumable: false,
        ...(spec.unit ? { unit: spec.unit } : {}),
      },
      controller: new AbortController(),
      lastEmittedDone: 0,
      finished: Promise.resolve(),
    };
    this.entries.set(jobId, entry);
    this.emit(entry);
    const control: JobControl = {
      jobId,
      signal: entry.controller.signal,
      setTotal: (total) => {
        entry.view = { ...entry.view, total };
        this.emit(entry);
      },
      step: (failed = false) => {
        const done = entry.view.done + 1;
        // A total of 0 means "not known": progress is then a count. A total the work outgrew
        // (an estimate) follows it, so no job reads "28 of 7".
        const total = entry.view.total > 0 ? Math.max(entry.view.total, done) : 0;
        entry.view = { ...entry.view, done, total, failed: entry.view.failed + (failed ? 1 : 0) };
        const every = Math.max(1, Math.floor(entry.view.total / 500));
        if (done - entry.lastEmittedDone >= every || done === entry.view.total) this.emit(entry);
      },
      note: (text) => {
        const { note: _old, ...rest } = entry.view;
        entry.view = text === null ? rest : { ...rest, note: text };
        this.emit(entry);
      },
      setOutcome: (text) => {
        entry.view = { ...entry.view, outcome: text };
      },
    };
    const result = (async () => work(control))();
    entry.finished = result.then(
      () => this.end(entry, entry.controller.signal.aborted ? 'cancelled' : 'done', null, spec.resumable === true),
      (error: unknown) =>
        entry.controller.signal.aborted
          ? this.end(entry, 'cancelled', null, spec.resumable === true)
          : this.end(entry, 'failed', (error as Error).message, false),
    );
    return { jobId, result };
  }

  /** Runs `work` as a job and answers its result when it ends (calls that existed before jobs). */
  run<R>(spec: JobSpec, work: (job: JobControl) => Promise<R>): Promise<R> {
    return this.start(spec, work).result;
  }

  /**
   * Lists a job that ended in an earlier run of Hooklab (a cancelled resend whose rest the data
   * folder kept), so it can be resumed after a restart. A job known in this run stays as it is.
   */
  restore(view: JobView): void {
    if (this.entries.has(view.jobId) || view.state === 'running') return;
    this.entries.set(view.jobId, { view, controller: new AbortController(), lastEmittedDone: view.done, finished: Promise.resolve() });
  }

  /** A resumed job is resumable no more (its rest is the new job's); said to followers. */
  markResumed(jobId: string): void {
    const entry = this.entries.get(jobId);
    if (!entry || !entry.view.resumable) return;
    entry.view = { ...entry.view, resumable: false };
    this.emit(entry);
  }

  list(): JobView[] {
    this.prune();
    return [...this.entries.values()].map((e) => e.view).reverse();
  }

  get(jobId: string): JobView | null {
    return this.entries.get(jobId)?.view ?? null;
  }

  /** Asks a running job to stop; answers its view (null for an unknown id). */
  cancel(jobId: string): JobView | null {
    const entry = this.entries.get(jobId);
    if (!entry) return null;
    if (entry.view.state === 'running') entry.controller.abort();
    return entry.view;
  }

  /** Resolves once the job ended (immediately for an ended or unknown one). */
  async settled(jobId: string): Promise<JobView | null> {
    const entry = this.entries.get(jobId);
    if (!entry) return null;
    await entry.finished;
    return entry.view;
  }

  /** Cancels every running job and waits for them (the core is stopping). */
  async stop(): Promise<void> {
    const running = [...this.entries.values()].filter((e) => e.view.state === 'running');
    for (const e of running) e.controller.abort();
    await Promise.allSettled(running.map((e) => e.finished));
  }

  private end(entry: Entry, state: JobView['state'], error: string | null, resumable: boolean): void {
    // What is happening now ends with the job.
    const { note: _now, ...view } = entry.view;
    entry.view = {
      ...view,
      state,
      error,
      resumable: state === 'cancelled' && resumable && view.done < view.total,
      finishedAt: this.isoNow(),
    };
    this.emit(entry);
  }

  private emit(entry: Entry): void {
    entry.lastEmittedDone = entry.view.done;
    const { jobId, kind, done, total, failed, state, startedAt, finishedAt, unit, note, outcome, resumable } = entry.view;
    const progress: JobProgress = {
      jobId,
      kind,
      done,
      total,
      failed,
      state,
      startedAt,
      ...(finishedAt ? { finishedAt } : {}),
      ...(unit ? { unit } : {}),
      ...(note ? { note } : {}),
      ...(outcome && state !== 'running' ? { outcome } : {}),
      ...(state === 'cancelled' ? { resumable } : {}),
    };
    this.publish(progress);
  }

  /** Forgets ended jobs older than keepMs, and the oldest beyond keepCount. */
  private prune(): void {
    const now = this.clock.now();
    // A job that can still be resumed stays listed (its rest is kept on disk, at most 50).
    const ended = [...this.entries.values()].filter((e) => e.view.state !== 'running' && !e.view.resumable);
    ended.forEach((e, i) => {
      const old = now - Date.parse(e.view.finishedAt ?? e.view.startedAt) > this.keepMs;
      if (old || i < ended.length - this.keepCount) this.entries.delete(e.view.jobId);
    });
  }

  private isoNow(): string {
    return new Date(this.clock.now()).toISOString();
  }
}
