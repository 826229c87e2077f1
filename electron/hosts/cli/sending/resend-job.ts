import type { JobProgress, JobView } from '../../../../shared/contract';
import type { ResendOutcomeView, ResendWhere } from '../../../../shared/contract/history';
import type { Invocation } from '../framework/command';
import { CliError, EXIT } from '../framework/exit-codes';
import type { CoreSession } from '../framework/session';
import { terminalSafe } from '../framework/terminal-text';

/** `--rate N`: resends started per second (0.1 to 100), or undefined when not given. */
export function positiveRate(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const rate = Number(text);
  if (!(rate >= 0.1 && rate <= 100)) throw new CliError(`--rate ${text}: give resends per second, from 0.1 to 100`);
  return rate;
}

/** One stderr line per tenth of the work and one at its end, so a long job shows it is alive without flooding. */
function progressLines(inv: Invocation, jobId: string): { show(p: Pick<JobProgress, 'jobId' | 'done' | 'total' | 'failed' | 'state'>): void; readonly ended: boolean } {
  let lastTenth = -1;
  let ended = false;
  return {
    show(p) {
      if (p.jobId !== jobId || ended) return;
      const tenth = p.total > 0 ? Math.floor((p.done / p.total) * 10) : p.done;
      if (p.state === 'running' && tenth === lastTenth) return;
      lastTenth = tenth;
      ended = p.state !== 'running';
      inv.out.progress(`job ${jobId}: ${p.done} of ${p.total}${p.failed ? `, ${p.failed} failed` : ''}${p.state === 'running' ? '' : ` · ${p.state}`}`);
    },
    get ended() {
      return ended;
    },
  };
}

/** A job id this command chooses, so it follows the job's progress and outcomes from the start. */
export function cliJobId(): string {
  return `cli-resend-${process.pid}-${Date.now().toString(36)}`;
}

/**
 * The Ctrl-C handler of a job: cancels it where it runs, said once. A terminal's Ctrl-C reaches
 * every process of the foreground group, and npx/npm forward it once more: one cancel is enough.
 */
export function cancelOnce(say: (line: string) => void, cancel: (jobId: string) => void, jobId: () => string | null): () => void {
  let asked = false;
  return () => {
    const id = jobId();
    if (id === null || asked) return;
    asked = true;
    say(`cancelling job ${id} (resends already sent stay sent)…`);
    cancel(id);
  };
}

/** Cancels the job on Ctrl-C (once) until the returned function is called. */
function cancelOnInterrupt(inv: Invocation, session: CoreSession, jobId: () => string | null): () => void {
  const handler = cancelOnce(
    (line) => inv.out.progress(line),
    (id) => void session.call('jobs.cancel', { jobId: id }).catch(() => undefined),
    jobId,
  );
  process.on('SIGINT', handler);
  return () => process.off('SIGINT', handler);
}

/** One resend's outcome: `history #12  delivered  resent as delivery 40; …` (docs/cli.md). */
export function outcomeLine(inv: Invocation, o: Pick<ResendOutcomeView, 'id' | 'kind' | 'message'>): void {
  const kind = o.kind === 'delivered' ? inv.out.paint.green(o.kind) : inv.out.paint.red(o.kind);
  inv.out.event(`history #${o.id}  ${kind}  ${terminalSafe(o.message, 200)}`, { id: o.id, kind: o.kind, message: o.message });
}

/** What a cancelled job's rest is continued with, in words that work. */
export function resumeHint(jobId: string): string {
  return `continue it without resending twice: hooklab resend --resume ${jobId} (or History → Resume in the app)`;
}

/**
 * Runs `start` (a call that runs job `jobId` and answers when it ends) with its progress on
 * stderr; Ctrl-C cancels the job where it runs (the running app, or this process's core)
 * and `start` then answers what was done.
 */
export async function followJob<T>(inv: Invocation, session: CoreSession, jobId: string, start: () => Promise<T>): Promise<T> {
  await session.eventsReady();
  const lines = progressLines(inv, jobId);
  const off = session.onEvent('job.progress', (p) => lines.show(p));
  const stopCancel = cancelOnInterrupt(inv, session, () => jobId);
  try {
    const result = await start();
    // The answer may overtake the job's last events (another socket): its end is said from the job.
    if (!lines.ended) lines.show(await session.call('jobs.get', { jobId }));
    return result;
  } finally {
    stopCancel();
    off();
  }
}

/** Resolves with the job once it ended (its last progress, or what jobs.get says if it ended already). */
async function jobEnd(session: CoreSession, jobId: string, ended: Promise<void>): Promise<JobView> {
  const now = await session.call('jobs.get', { jobId });
  if (now.state !== 'running') return now;
  await ended;
  return session.call('jobs.get', { jobId });
}

/** `hooklab resend --where … [--dry-run]`: the estimate, or the job run to its end with each outcome (Ctrl-C cancels it). */
export async function resendWhere(inv: Invocation, session: CoreSession, where: ResendWhere, rate: number | undefined): Promise<number> {
  const concurrencyText = inv.value('concurrency');
  const concurrency = concurrencyText === undefined ? undefined : Number(concurrencyText);
  if (concurrency !== undefined && !(Number.isInteger(concurrency) && concurrency >= 1 && concurrency <= 16)) throw new CliError('--concurrency is a whole number from 1 to 16');
  const args = { where, ...(rate ? { ratePerSecond: rate } : {}), ...(concurrency ? { concurrency } : {}) };
  if (inv.flag('dry-run')) {
    const estimate = await session.call('history.resendWhere', { ...args, dryRun: true });
    inv.out.event(`${estimate.deliveries} deliveries of ${estimate.events} events match: ${estimate.resends} resends (dry run: nothing sent)`, estimate);
    return EXIT.done;
  }
  const jobId = cliJobId();
  return runResendJob(inv, session, jobId, async () => {
    const started = await session.call('history.resendWhere', { ...args, jobId });
    if (!('jobId' in started)) throw new CliError('the running Hooklab answered an estimate instead of starting the job');
    return `resending ${started.resends} events (${started.deliveries} deliveries matched)`;
  });
}

/**
 * Follows a resend job this command starts with `start` (which answers what it does, in words)
 * to its end: its progress on stderr, each outcome as it comes, then how it ended. Ctrl-C
 * cancels it; a cancelled job's rest is named with the command that continues it.
 */
export async function runResendJob(inv: Invocation, session: CoreSession, jobId: string, start: () => Promise<string>): Promise<number> {
  await session.eventsReady();
  const lines = progressLines(inv, jobId);
  let endedNow: () => void = () => {};
  const ended = new Promise<void>((resolve) => (endedNow = resolve));
  const offs = [
    session.onEvent('job.progress', (p) => {
      if (p.jobId !== jobId) return;
      lines.show(p);
      if (p.state !== 'running') endedNow();
    }),
    session.onEvent('history.resendOutcome', (o) => {
      if (o.jobId === jobId) outcomeLine(inv, o.outcome);
    }),
    cancelOnInterrupt(inv, session, () => jobId),
  ];
  try {
    inv.out.progress(`job ${jobId}: ${await start()}; Ctrl-C cancels it`);
    const job = await jobEnd(session, jobId, ended);
    lines.show(job);
    inv.out.event(`job ${job.jobId} ${job.state}: ${job.done} of ${job.total} resent${job.outcome ? `: ${job.outcome}` : ''}`, job);
    if (job.state === 'cancelled' && job.resumable) inv.out.progress(resumeHint(job.jobId));
    return job.state === 'done' && job.failed === 0 ? EXIT.done : EXIT.failed;
  } finally {
    for (const off of offs) off();
  }
}
