import type { CommandSpec, Invocation } from '../framework/command';
import { configOf, dataDirOf } from '../framework/context';
import { CliError, EXIT } from '../framework/exit-codes';
import { openSession, type CoreSession } from '../framework/session';
import { SANDBOX_ENVIRONMENT_ID } from '../../../../shared/settings';
import { wholeNumber } from '../sending/report';
import { resendTally } from '../../../../shared/history/resend-tally';
import { parseSince } from '../../kit/since';
import { parseResendWhere } from '../values/resend-where';
import { cliJobId, followJob, outcomeLine, resendWhere, positiveRate, resumeHint } from '../sending/resend-job';
import { resumeResend } from '../sending/resend-resume';

export const resendCommand: CommandSpec = {
  name: 'resend',
  args: '<history-delivery-id | --pending [--since DURATION|ISO] | --where FIELDS [--dry-run] | --resume [job-id]>',
  summary:
    "Asks the service to resend a delivery of its history (server-side, through the active environment), every pending one (--since: only those first logged since), or once per event those the --where fields match (--dry-run: only count them), or continues a cancelled bulk resend (--resume), and reports each outcome as the app does. Bulk resends run as a job of the running app (or of this process): progress on stderr, Ctrl-C cancels it (what was sent stays sent). Exit 1 when one was not delivered or the job was cancelled.",
  positional: { min: 0, max: 1 },
  options: [
    { name: 'pending', help: 'resend every event of the local history copy still pending' },
    { name: 'since', value: 'DURATION|ISO', help: 'with --pending: only events first logged since (15m, 2h, 3d or an ISO time)' },
    { name: 'concurrency', value: 'N', help: 'with --pending or --where: resends at once (default 4)' },
    {
      name: 'where',
      value: 'FIELDS',
      help: 'resend once per event the deliveries matching eventType=…, delivered=true|false, status=N or N-M, createdFrom=…, createdTo=…, url=…, pendingOnly',
    },
    { name: 'dry-run', help: 'with --where: say how many deliveries, events and resends it matches; send nothing' },
    { name: 'resume', help: 'continue a cancelled bulk resend (the job id given, else the latest one): only what it had not sent, skipping events delivered since' },
    { name: 'rate', value: 'N', help: 'with --pending, --where or --resume: resends started per second at most (--where: default 5)' },
  ],
  examples: [
    'hooklab resend 1234',
    'hooklab resend --pending --json',
    'hooklab resend --pending --since 2h',
    "hooklab resend --where 'status=500-599,createdFrom=2h' --dry-run",
    "hooklab resend --where 'eventType=SuccessPayment,pendingOnly' --rate 2",
    'hooklab resend --resume',
  ],
  run,
};

/**
 * The config names the environment a project resends through. The command never switches it
 * (that would move the running app too): it refuses when another one is active, naming both.
 */
async function requireActiveEnvironment(session: CoreSession, name: string): Promise<void> {
  const { environments } = (await session.call('settings.get', {})).settings;
  const named = [{ id: SANDBOX_ENVIRONMENT_ID, name: 'sandbox' }, ...environments.live].find((e) => e.name === name || e.id === name);
  if (!named) throw new CliError(`the config's environment "${name}" is not configured here (environments: sandbox${environments.live.map((e) => `, ${e.name}`).join('')})`);
  if (named.id !== environments.active) throw new CliError(`the config asks for environment "${name}" but "${environments.active}" is active: switch it in Settings → Environments`);
}

async function run(inv: Invocation): Promise<number> {
  const pending = inv.flag('pending');
  const resume = inv.flag('resume');
  const idText = resume ? undefined : inv.positional[0];
  const whereText = inv.value('where');
  if ([pending, idText !== undefined, whereText !== undefined, resume].filter(Boolean).length !== 1) {
    throw new CliError('give a history delivery id, --pending, --where or --resume, one of them');
  }
  const sinceText = inv.value('since');
  if (sinceText !== undefined && !pending) throw new CliError('--since goes with --pending');
  if (inv.flag('dry-run') && whereText === undefined) throw new CliError('--dry-run goes with --where');
  // Parsed before the session opens, so a mistake costs no core start.
  const since = sinceText === undefined ? undefined : new Date(parseSince(sinceText, Date.now(), '--since')).toISOString();
  const where = whereText === undefined ? undefined : parseResendWhere(whereText, Date.now());
  const rate = positiveRate(inv.value('rate'));
  const config = configOf(inv);
  const session = openSession(dataDirOf(inv), { writes: true });
  try {
    if (config?.config.environment) await requireActiveEnvironment(session, config.config.environment);
    if (where) return await resendWhere(inv, session, where, rate);
    if (resume) return await resumeResend(inv, session, inv.positional[0], rate);
    if (!pending) {
      const id = Number(idText);
      if (!Number.isInteger(id) || id < 1) throw new CliError(`"${idText}" is not a history delivery id`);
      const outcome = await session.call('history.resend', { id });
      outcomeLine(inv, outcome);
      return outcome.kind === 'delivered' ? EXIT.done : EXIT.failed;
    }
    const concurrency = wholeNumber(inv.value('concurrency'), 'concurrency', 1, 16) ?? 4;
    const jobId = cliJobId();
    const summary = await followJob(inv, session, jobId, () =>
      session.call('history.resendPending', { concurrency, jobId, ...(since === undefined ? {} : { since }), ...(rate ? { ratePerSecond: rate } : {}) }),
    );
    // Each outcome, as docs/cli.md promises, then the total.
    for (const outcome of summary.outcomes) outcomeLine(inv, outcome);
    const unlisted = summary.total - summary.outcomes.length;
    const { outcomes: _listed, ...totals } = summary;
    const notes = [summary.state === 'cancelled' ? 'cancelled' : null, unlisted > 0 ? `${unlisted} outcomes not listed` : null].filter(Boolean);
    inv.out.event(`resent ${summary.total}: ${resendTally(summary.byKind)}${notes.length > 0 ? ` (${notes.join('; ')})` : ''}`, totals);
    if (summary.state === 'cancelled') inv.out.progress(resumeHint(summary.jobId));
    return summary.failed > 0 || summary.state === 'cancelled' ? EXIT.failed : EXIT.done;
  } finally {
    await session.close();
  }
}
