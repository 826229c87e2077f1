import type { Invocation } from '../framework/command';
import { CliError } from '../framework/exit-codes';
import type { CoreSession } from '../framework/session';
import { cliJobId, runResendJob } from './resend-job';

/** The newest cancelled resend that can still be resumed, as `jobs.list` reports it (after a restart too). */
async function latestResumable(session: CoreSession): Promise<string> {
  const { jobs } = await session.call('jobs.list', {});
  const job = jobs.find((j) => j.kind === 'history.resend' && j.resumable);
  if (!job) throw new CliError('no cancelled resend is left to resume (hooklab resend --resume JOB-ID names one)');
  return job.jobId;
}

/**
 * `hooklab resend --resume [job-id]`: continues a cancelled bulk resend (the latest when no id is
 * given) as a new job, followed like `--where`: only what it had not sent, and not the events
 * delivered since it was cancelled.
 */
export async function resumeResend(inv: Invocation, session: CoreSession, jobIdText: string | undefined, rate: number | undefined): Promise<number> {
  const from = jobIdText ?? (await latestResumable(session));
  const newJobId = cliJobId();
  return runResendJob(inv, session, newJobId, async () => {
    const resumed = await session.call('history.resendResume', { jobId: from, newJobId, ...(rate ? { ratePerSecond: rate } : {}) });
    const skipped = resumed.skipped > 0 ? `; ${resumed.skipped} delivered since, left out` : '';
    return `resuming job ${from}: resending ${resumed.resends} events${skipped}`;
  });
}
