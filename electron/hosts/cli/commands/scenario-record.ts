import { existsSync, lstatSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { recordScenario, ScenarioRecordError, type ScenarioSelection } from '../../../../shared/scenario/record';
import { scenarioFileText } from '../../../../shared/scenario/scenario-file';
import type { CommandSpec, Invocation } from '../framework/command';
import { configOf, dataDirOf } from '../framework/context';
import { CliError, EXIT } from '../framework/exit-codes';
import { openSession } from '../framework/session';
import { scenarioFileToWrite } from '../values/scenario-path';

export const scenarioRecordCommand: CommandSpec = {
  name: 'scenario record',
  args: '<orderId | --ids 12,13,14>',
  summary:
    "Writes a scenario file from received deliveries (an order's, in arrival order, or the given ids): each body exactly as received, its headers, and the gaps between arrivals. Plain versioned JSON to commit beside your tests. A bare NAME for -o is written as NAME.json in the config's scenarios folder.",
  positional: { min: 0, max: 1 },
  options: [
    { name: 'ids', value: 'ID,ID,...', help: 'record these received deliveries (ids from hooklab events)' },
    { name: 'output', short: 'o', value: 'FILE|NAME', help: "the scenario file to write (required); a bare NAME goes in the config's scenarios folder" },
    { name: 'force', help: 'replace the file when it exists (without it an existing file is never overwritten)' },
  ],
  examples: ['hooklab scenario record 900001 -o scenarios/3ds-success.json', 'hooklab scenario record 900001 -o 3ds-success'],
  run,
};

function selectionOf(inv: Invocation): ScenarioSelection {
  const idsText = inv.value('ids');
  const orderId = inv.positional[0];
  if ((idsText === undefined) === (orderId === undefined)) throw new CliError('give an orderId or --ids, one of them');
  if (orderId !== undefined) return { orderId };
  const ids = idsText!.split(',').map((s) => Number(s.trim()));
  if (ids.some((n) => !Number.isInteger(n) || n < 1)) throw new CliError(`--ids "${idsText}": give delivery ids like 12,13,14`);
  return { ids };
}

async function run(inv: Invocation): Promise<number> {
  const output = inv.value('output');
  if (!output) throw new CliError('-o FILE is required');
  const selection = selectionOf(inv);
  // Resolved (and the config checked) before the session opens, so a mistake costs no core start.
  const path = scenarioFileToWrite(output, inv.io.cwd ?? process.cwd(), configOf(inv));
  refuseLink(path);
  if (!inv.flag('force') && existsSync(path)) throw new CliError(`${path} exists: not overwritten (pass --force to replace it)`);
  const session = openSession(dataDirOf(inv), { writes: true });
  try {
    const file = await recordScenario(session.call.bind(session), selection, new Date().toISOString()).catch((error: unknown) => {
      throw error instanceof ScenarioRecordError ? new CliError(`${error.message} (hooklab events lists what was received)`) : error;
    });
    try {
      writeScenarioFile(path, scenarioFileText(file), inv.flag('force'));
    } catch (error) {
      if (error instanceof CliError) throw error;
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'EEXIST') throw new CliError(`${path} exists: not overwritten (pass --force to replace it)`);
      throw new CliError(`cannot write ${path}: ${code ?? (error as Error).message}`);
    }
    inv.out.event(`recorded ${file.events.length} deliveries to ${path}`, { file: path, events: file.events.length });
    return EXIT.done;
  } finally {
    await session.close();
  }
}

/** A symbolic link where the file goes (a cloned repository's, say) is never written through. */
function refuseLink(path: string): void {
  let isLink = false;
  try {
    isLink = lstatSync(path).isSymbolicLink();
  } catch {
    return; // nothing there yet
  }
  if (isLink) throw new CliError(`${path} is a symbolic link: not written through, even with --force (remove the link or choose another -o)`);
}

/**
 * Writes the file. Without --force, 'wx' fails on anything already at the path, a link included.
 * With it, a new file is written beside it and renamed over the path: a link put there since the
 * check is replaced, never followed, and a failed write leaves the old file whole.
 */
function writeScenarioFile(path: string, text: string, force: boolean): void {
  if (!force) return writeFileSync(path, text, { flag: 'wx' });
  refuseLink(path);
  const tmp = `${path}.${process.pid}.tmp`;
  try {
    writeFileSync(tmp, text, { flag: 'wx' });
    renameSync(tmp, path);
  } catch (error) {
    rmSync(tmp, { force: true });
    throw error;
  }
}
