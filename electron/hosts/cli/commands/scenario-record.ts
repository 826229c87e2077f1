import { RedactionError, redactScenario } from '../../../../shared/redaction';
import { recordScenario, ScenarioRecordError, type ScenarioSelection } from '../../../../shared/scenario/record';
import { scenarioFileText } from '../../../../shared/scenario/scenario-file';
import type { CommandSpec, Invocation } from '../framework/command';
import { configOf, dataDirOf } from '../framework/context';
import { CliError, EXIT } from '../framework/exit-codes';
import { openSession } from '../framework/session';
import { REDACT_OPTION } from '../values/redact-option';
import { scenarioFileToWrite } from '../values/scenario-path';
import { refuseExisting, writeNewFile } from '../values/write-new-file';

export const scenarioRecordCommand: CommandSpec = {
  name: 'scenario record',
  args: '<orderId | --ids 12,13,14>',
  summary:
    "Writes a scenario file from received deliveries (an order's, in arrival order, or the given ids): each body exactly as received, its headers, and the gaps between arrivals. Plain versioned JSON to commit beside your tests. A bare NAME for -o is written as NAME.json in the config's scenarios folder.",
  positional: { min: 0, max: 1 },
  options: [
    { name: 'ids', value: 'ID,ID,...', help: 'record these received deliveries (ids from hooklab events)' },
    { name: 'output', short: 'o', value: 'FILE|NAME', help: "the scenario file to write (required); a bare NAME goes in the config's scenarios folder" },
    REDACT_OPTION,
    { name: 'force', help: 'replace the file when it exists (without it an existing file is never overwritten)' },
  ],
  examples: ['hooklab scenario record 900001 -o scenarios/3ds-success.json', 'hooklab scenario record 900001 -o 3ds-success', 'hooklab scenario record 900001 -o shared/900001.json --redact'],
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
  refuseExisting(path, inv.flag('force'));
  const session = openSession(dataDirOf(inv), { writes: true });
  try {
    const recorded = await recordScenario(session.call.bind(session), selection, new Date().toISOString()).catch((error: unknown) => {
      throw error instanceof ScenarioRecordError ? new CliError(`${error.message} (hooklab events lists what was received)`) : error;
    });
    let file = recorded;
    if (inv.flag('redact')) {
      try {
        file = redactScenario(recorded);
      } catch (error) {
        throw error instanceof RedactionError ? new CliError(error.message) : error;
      }
    }
    writeNewFile(path, scenarioFileText(file), inv.flag('force'));
    inv.out.event(`recorded ${file.events.length} deliveries to ${path}${file.redacted ? ' (redacted)' : ''}`, { file: path, events: file.events.length, redacted: file.redacted === true });
    return EXIT.done;
  } finally {
    await session.close();
  }
}
