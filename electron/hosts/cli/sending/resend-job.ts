import type { JobProgress, JobView } from '../../../../shared/contract';
import type { ResendWhere } from '../../../../shared/contract/history';
import type { Invocation } from '../framework/command';
import { CliError, EXIT } from '../framework/exit-codes';
import type { CoreSession } from '../framework/session';

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

/**
 * Runs `start` (a call that runs job `jobId` and answers when it ends) with its progress on
 * stderr; Ctrl-C cancels the job where it runs (the running app, or this process's core)
 * and `start` then answers what was done.
 */
export async function followJob<T>(inv: Invocation, session: CoreSession, jobId: string, start: () => Promise<T>): Promise<T> {
  await session.eventsReady();
  const lines = progressLines(inv, jobId);
  const off = session.onEvent('job.progress', (p) => lines.show(p));
  const cancel = () => {
    inv.out.progress(`cancelling job ${jobId} (resends already sent stay sent)…`);
    void session.call('jobs.cancel', { jobId }).catch(() => undefined);
  };
  process.on('SIGINT', cancel);
  try {
    const result = await start();
    // The answer may overtake the job's last events (another socket): its end is said from the job.
    if (!lines.ended) lines.show(await session.call('jobs.get', { jobId }));
    return result;
  } finally {
    process.off('SIGINT', cancel);
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

/** `hooklab resend --where … [--dry-run]`: the estimate, or the job run to its end (Ctrl-C cancels it). */
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
  await session.eventsReady();
  let jobId: string | null = null;
  let lines: ReturnType<typeof progressLines> | null = null;
  let endedNow: () => void = () => {};
  const ended = new Promise<void>((resolve) => (endedNow = resolve));
  // Progress sent before the call answered (its id unknown yet) is missed; jobEnd reads the job then.
  const off = session.onEvent('job.progress', (p) => {
    if (jobId === null || p.jobId !== jobId) return;
    lines?.show(p);
    if (p.state !== 'running') endedNow();
  });
  const cancel = () => {
    if (jobId === null) return;
    inv.out.progress(`cancelling job ${jobId} (resends already sent stay sent)…`);
    void session.call('jobs.cancel', { jobId }).catch(() => undefined);
  };
  process.on('SIGINT', cancel);
  try {
    const started = await session.call('history.resendWhere', args);
    if (!('jobId' in started)) throw new CliError('the running Hooklab answered an estimate instead of starting the job');
    jobId = started.jobId;
    lines = progressLines(inv, jobId);
    inv.out.progress(`job ${jobId}: resending ${started.resends} events (${started.deliveries} deliveries matched); Ctrl-C cancels it`);
    const job = await jobEnd(session, jobId, ended);
    lines.show(job);
    inv.out.event(`job ${job.jobId} ${job.state}: ${job.done} of ${job.total} resent, ${job.failed} not delivered`, job);
    if (job.state === 'cancelled') inv.out.progress(`continue it without resending twice: the app's History → Resume, or history.resendResume { jobId: "${job.jobId}" }`);
    return job.state === 'done' && job.failed === 0 ? EXIT.done : EXIT.failed;
  } finally {
    process.off('SIGINT', cancel);
    off();
  }
}
