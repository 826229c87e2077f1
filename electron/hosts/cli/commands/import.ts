import { resolve } from 'node:path';
import { statSync } from 'node:fs';
import type { ImportOutcome } from '../../../../shared/contract/live-import';
import type { CommandSpec, Invocation } from '../framework/command';
import { dataDirOf } from '../framework/context';
import { CliError, EXIT } from '../framework/exit-codes';
import { openSession } from '../framework/session';
import { terminalSafe } from '../framework/terminal-text';

/**
 * `hooklab import FILE`: a HAR or a .hooklab bundle into the data folder (through the running
 * Hooklab when one holds it), stored as imported, never as received.
 */
export const importCommand: CommandSpec = {
  name: 'import',
  args: 'FILE',
  summary:
    "Import a HAR (from Hooklab, ngrok's inspector, HTTP Toolkit or a browser's DevTools) or a .hooklab bundle into the data folder: each request is judged with the folder's keys (a bundle's also with its own key) and shown in Live, Sequences and Replay marked imported from FILE, never counted as received. Up to 512 MiB and 100,000 requests; a bad file imports nothing.",
  positional: { min: 1, max: 1 },
  options: [],
  common: ['data-dir', 'json'],
  examples: ['hooklab import capture.har', 'hooklab import order-100042.hooklab --data-dir /tmp/teammate'],
  run,
};

async function run(inv: Invocation): Promise<number> {
  // Absolute: a running Hooklab reads it from its own working folder.
  const path = resolve(inv.io.cwd ?? process.cwd(), inv.positional[0]!);
  refuseNonFile(path, inv.positional[0]!);
  const session = openSession(dataDirOf(inv), { writes: true });
  try {
    const outcome = await session.call('live.import', { path });
    inv.out.event(describe(outcome), outcome);
    return EXIT.done;
  } finally {
    await session.close();
  }
}

/** Said before a data folder is opened: no such file, or not a regular file (the core checks again as it reads). */
function refuseNonFile(path: string, given: string): void {
  let stat;
  try {
    stat = statSync(path);
  } catch {
    throw new CliError(`${terminalSafe(given, 200)}: no such file`);
  }
  if (!stat.isFile()) throw new CliError(`${terminalSafe(given, 200)}: not a regular file: nothing imported`);
}

function describe(o: ImportOutcome): string {
  const verdicts = Object.entries(o.verdicts).map(([verdict, n]) => `${n} ${verdict}`).join(', ');
  const what = o.kind === 'bundle' ? 'bundle' : 'HAR';
  const lines = [`imported ${o.count} request${o.count === 1 ? '' : 's'} from ${terminalSafe(o.fileName, 200)} (${what}${verdicts ? `: ${verdicts}` : ''}), marked imported in Live`];
  if (o.historyRows > 0) lines.push(`${o.historyRows} row${o.historyRows === 1 ? '' : 's'} of the sender's service history kept beside them (never counted as this folder's history)`);
  if (o.verdictsDiffering > 0) lines.push(`${o.verdictsDiffering} judged otherwise here than by the sender's Hooklab (this folder's keys differ from theirs)`);
  if (o.note) lines.push(`note: ${terminalSafe(o.note, 2000)}`);
  return lines.join('\n');
}
