import type { ShareSelection } from '../../../../shared/contract/share-export';
import type { CommandSpec, Invocation } from '../framework/command';
import { dataDirOf } from '../framework/context';
import { CliError, EXIT } from '../framework/exit-codes';
import { openSession, type CoreSession } from '../framework/session';
import { parseSince } from '../../kit/since';
import { REDACT_OPTION } from '../values/redact-option';
import { writeNewFileFrom } from '../values/write-new-file';

export const exportCommand: CommandSpec = {
  name: 'export',
  args: '--har|--bundle -o FILE',
  summary:
    'Writes received deliveries to a file to hand over (docs/share.md): --har, a HAR 1.2 file any HAR viewer opens, with Hooklab\'s verdicts in each entry\'s _hooklab; --bundle, a .hooklab bundle a teammate opens and replays (redacted, re-signed with a throwaway key it holds). Through the running Hooklab when one holds the data folder.',
  options: [
    { name: 'har', help: 'write HAR 1.2' },
    { name: 'bundle', help: 'write a .hooklab bundle' },
    { name: 'output', short: 'o', value: 'FILE', help: 'the file to write (required; never replaced without --force, never written through a symbolic link)' },
    { name: 'type', value: 'T', help: 'only this event type' },
    { name: 'order', value: 'ID', help: 'only this orderId' },
    { name: 'since', value: 'DURATION|ISO', help: 'received since (15m, 2h, 3d or an ISO time)' },
    { name: 'ids', value: 'ID,ID,...', help: 'only these deliveries (ids from hooklab events)' },
    { ...REDACT_OPTION, help: `HAR: ${REDACT_OPTION.help}; credentials and the signature header left out` },
    { name: 'no-redact', help: 'bundle: keep personal data (a bundle is redacted unless you say so)' },
    { name: 'note', value: 'TEXT', help: 'bundle: a note for whoever opens it' },
    { name: 'force', help: 'replace the file when it exists' },
  ],
  examples: ['hooklab export --har -o today.har --since 1d', 'hooklab export --bundle -o order-900001.hooklab --order 900001 --note "stuck after payment"'],
  run,
};

function selectionOf(inv: Invocation): ShareSelection {
  const idsText = inv.value('ids');
  const ids = idsText?.split(',').map((s) => Number(s.trim()));
  if (ids?.some((n) => !Number.isInteger(n) || n < 1)) throw new CliError(`--ids "${idsText}": give delivery ids like 12,13,14`);
  const since = inv.value('since');
  const type = inv.value('type');
  const order = inv.value('order');
  return {
    ...(ids ? { ids } : {}),
    ...(type !== undefined ? { eventType: type } : {}),
    ...(order !== undefined ? { orderId: order } : {}),
    ...(since !== undefined ? { since: new Date(parseSince(since, Date.now(), '--since')).toISOString() } : {}),
  };
}

/** Follows the job to its end, a progress line every thousand deliveries; Ctrl-C cancels it. */
async function finished(session: CoreSession, jobId: string, inv: Invocation): Promise<void> {
  let lastShown = 0;
  const cancel = () => void session.call('jobs.cancel', { jobId }).catch(() => undefined);
  process.once('SIGINT', cancel);
  let stop = () => {};
  try {
    await new Promise<void>((resolve) => {
      stop = session.onEvent('job.progress', (p) => {
        if (p.jobId !== jobId) return;
        if (p.state !== 'running') return resolve();
        if (p.done - lastShown < 1000) return;
        lastShown = p.done;
        inv.out.progress(`exported ${p.done} of ${p.total}`);
      });
      // A job that ended before the subscription is seen here.
      void session.eventsReady().then(async () => ((await session.call('jobs.get', { jobId })).state !== 'running' ? resolve() : undefined));
    });
  } finally {
    stop();
    process.removeListener('SIGINT', cancel);
  }
  const job = await session.call('jobs.get', { jobId });
  if (job.state !== 'done') throw new CliError(`the export ${job.state === 'cancelled' ? 'was cancelled' : `failed: ${job.error ?? 'no reason given'}`}; nothing was written`);
}

async function* parts(session: CoreSession, jobId: string): AsyncGenerator<string> {
  for (let offset: number | null = 0; offset !== null; ) {
    const part: { text: string; nextOffset: number | null } = await session.call('share.exportResult', { jobId, offset });
    yield part.text;
    offset = part.nextOffset;
  }
}

async function run(inv: Invocation): Promise<number> {
  const har = inv.flag('har');
  if (har === inv.flag('bundle')) throw new CliError('give --har or --bundle, one of them');
  const output = inv.value('output');
  if (!output) throw new CliError('-o FILE is required');
  if (har && (inv.flag('no-redact') || inv.value('note') !== undefined)) throw new CliError('--no-redact and --note are for --bundle (a HAR is redacted only with --redact)');
  if (!har && inv.flag('redact')) throw new CliError('a bundle is redacted unless you pass --no-redact: --redact is for --har');
  const selection = selectionOf(inv);
  const session = openSession(dataDirOf(inv), { writes: true });
  try {
    const redact = har ? inv.flag('redact') : !inv.flag('no-redact');
    if (!har && !redact) inv.out.progress('warning: --no-redact: the bundle holds your buyers\' names, phones, e-mails and invoice data as received; share it only with people who may see them');
    const started = har ? await session.call('share.exportHar', { selection, redact }) : await session.call('share.exportBundle', { selection, redact, note: inv.value('note') ?? '' });
    if (started.total === 0) inv.out.progress('no delivery matches: the file holds none');
    await finished(session, started.jobId, inv);
    const bytes = await writeNewFileFrom(output, parts(session, started.jobId), inv.flag('force'));
    inv.out.event(`exported ${started.total} deliveries to ${output} (${har ? 'HAR' : 'bundle'}${redact ? ', redacted' : ''})`, { file: output, deliveries: started.total, bytes, format: har ? 'har' : 'bundle', redacted: redact });
    return EXIT.done;
  } finally {
    await session.close();
  }
}
