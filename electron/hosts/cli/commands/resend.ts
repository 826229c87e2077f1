import type { ResendOutcomeView } from '../../../../shared/contract/history';
import type { CommandSpec, Invocation } from '../framework/command';
import { configOf, dataDirOf } from '../framework/context';
import { CliError, EXIT } from '../framework/exit-codes';
import { openSession, type CoreSession } from '../framework/session';
import { SANDBOX_ENVIRONMENT_ID } from '../../../../shared/settings';
import { terminalSafe } from '../listening/delivery-line';
import { wholeNumber } from '../sending/report';
import { parseSince } from '../values/since';

export const resendCommand: CommandSpec = {
  name: 'resend',
  args: '<history-delivery-id | --pending [--since DURATION|ISO]>',
  summary:
    "Asks the service to resend a delivery of its history (server-side, through the active environment), or every pending one (--since: only those first logged since), and reports each outcome as the app does. Exit 1 when one was not delivered.",
  positional: { min: 0, max: 1 },
  options: [
    { name: 'pending', help: 'resend every event of the local history copy still pending' },
    { name: 'since', value: 'DURATION|ISO', help: 'with --pending: only events first logged since (15m, 2h, 3d or an ISO time)' },
    { name: 'concurrency', value: 'N', help: 'with --pending: resends at once (default 4)' },
  ],
  examples: ['hooklab resend 1234', 'hooklab resend --pending --json', 'hooklab resend --pending --since 2h'],
  run,
};

function line(inv: Invocation, o: Pick<ResendOutcomeView, 'id' | 'kind' | 'message'>): void {
  const kind = o.kind === 'delivered' ? inv.out.paint.green(o.kind) : inv.out.paint.red(o.kind);
  inv.out.event(`history #${o.id}  ${kind}  ${terminalSafe(o.message, 200)}`, { id: o.id, kind: o.kind, message: o.message });
}

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
  const idText = inv.positional[0];
  if (pending === (idText !== undefined)) throw new CliError('give a history delivery id or --pending, one of them');
  const sinceText = inv.value('since');
  if (sinceText !== undefined && !pending) throw new CliError('--since goes with --pending');
  // Parsed before the session opens, so a mistake costs no core start.
  const since = sinceText === undefined ? undefined : new Date(parseSince(sinceText, Date.now())).toISOString();
  const config = configOf(inv);
  const session = openSession(dataDirOf(inv));
  try {
    if (config?.config.environment) await requireActiveEnvironment(session, config.config.environment);
    if (!pending) {
      const id = Number(idText);
      if (!Number.isInteger(id) || id < 1) throw new CliError(`"${idText}" is not a history delivery id`);
      const outcome = await session.call('history.resend', { id });
      line(inv, outcome);
      return outcome.kind === 'delivered' ? EXIT.done : EXIT.failed;
    }
    const concurrency = wholeNumber(inv.value('concurrency'), 'concurrency', 1, 16) ?? 4;
    const summary = await session.call('history.resendPending', { concurrency, ...(since === undefined ? {} : { since }) });
    // Each outcome, as docs/cli.md promises, then the total.
    for (const outcome of summary.outcomes) line(inv, outcome);
    const unlisted = summary.total - summary.outcomes.length;
    const { outcomes: _listed, ...totals } = summary;
    inv.out.event(`resent ${summary.total}: ${summary.delivered} delivered, ${summary.failed} not${unlisted > 0 ? ` (${unlisted} outcomes not listed)` : ''}`, totals);
    return summary.failed > 0 ? EXIT.failed : EXIT.done;
  } finally {
    await session.close();
  }
}
