import { relative, resolve } from 'node:path';
import { RedactionError } from '../../../../shared/redaction';
import { recordScenario, ScenarioRecordError } from '../../../../shared/scenario/record';
import type { ScenarioFile } from '../../../../shared/scenario/scenario-file';
import { regressionTest, RegressionTestError, TEST_FRAMEWORKS, type RegressionTest, type TestFramework } from '../../../../shared/regression-test';
import type { CommandSpec, Invocation } from '../framework/command';
import { configOf, dataDirOf } from '../framework/context';
import { CliError, EXIT } from '../framework/exit-codes';
import { openSession } from '../framework/session';
import { parseExpectation } from '../values/expectations';
import { REDACT_OPTION } from '../values/redact-option';
import { readScenarioFile } from '../values/scenario-input';
import { scenarioFileIfNamed } from '../values/scenario-path';
import { refuseExisting, writeNewFile } from '../values/write-new-file';

export const scenarioTestCommand: CommandSpec = {
  name: 'scenario test',
  args: '<orderId | FILE>',
  summary:
    "Writes a regression test for your own suite (Vitest or Jest, on hooklab/testing) from an order's received deliveries or a scenario file: the events as recorded, each signed when the test runs with HOOKLAB_WEBHOOK_KEY and sent to HOOKLAB_HANDLER_URL, then your handler's state (HOOKLAB_STATE_URL, default --expect-state) checked against each --expect, or without any against the order's states as Sequences derives them.",
  positional: { min: 1, max: 1 },
  options: [
    { name: 'output', short: 'o', value: 'PATH', help: 'the test file to write (required), e.g. test/order-900001.regression.test.ts' },
    { name: 'framework', value: 'vitest|jest', help: 'the test runner the file is for (default vitest)' },
    { name: 'expect', value: 'PATH=VALUE', repeatable: true, help: "a value the state must have, as scenario run's (orders.{orderId}.payments=1); default: the order's derived states" },
    { name: 'expect-state', value: 'URL', help: "your handler's state as JSON (GET): HOOKLAB_STATE_URL's default in the file" },
    REDACT_OPTION,
    { name: 'force', help: 'replace the file when it exists (without it an existing file is never overwritten)' },
  ],
  examples: [
    'hooklab scenario test 900001 -o test/order-900001.regression.test.ts --expect-state http://localhost:3000/state',
    "hooklab scenario test scenarios/3ds.json -o test/3ds.regression.test.mjs --framework jest --expect 'orders.{orderId}.payments=1' --redact",
  ],
  run,
};

function frameworkOf(text: string | undefined): TestFramework {
  if (text === undefined) return 'vitest';
  if ((TEST_FRAMEWORKS as readonly string[]).includes(text)) return text as TestFramework;
  throw new CliError(`--framework "${text}": give ${TEST_FRAMEWORKS.join(' or ')}`);
}

async function run(inv: Invocation): Promise<number> {
  const output = inv.value('output');
  if (!output) throw new CliError('-o PATH is required');
  const cwd = inv.io.cwd ?? process.cwd();
  const path = resolve(cwd, output);
  refuseExisting(path, inv.flag('force'));
  const word = inv.positional[0]!;
  const scenarioPath = scenarioFileIfNamed(word, cwd, configOf(inv));
  // Checked before anything is read, so a typo costs no core start.
  inv.values('expect').forEach(parseExpectation);
  const options = {
    framework: frameworkOf(inv.value('framework')),
    expect: inv.values('expect'),
    ...(inv.value('expect-state') !== undefined ? { expectState: inv.value('expect-state')! } : {}),
    redact: inv.flag('redact'),
  };
  let scenario: ScenarioFile;
  if (scenarioPath !== null) {
    // A file needs no data folder.
    scenario = readScenarioFile(scenarioPath);
  } else {
    // Recorded as `scenario record` records it; the app's scenario.regressionTest writes the same test.
    const session = openSession(dataDirOf(inv), { writes: false });
    try {
      scenario = await recordScenario(session.call.bind(session), { orderId: word }, new Date().toISOString(), { vouchedForOnly: true }).catch((error: unknown) => {
        throw error instanceof ScenarioRecordError ? new CliError(`${error.message} (hooklab events lists what was received; a scenario file is named by its path or .json)`) : error;
      });
    } finally {
      await session.close();
    }
  }
  let test: RegressionTest;
  try {
    test = regressionTest(scenario, { ...options, ...(scenarioPath === null ? { orderId: word } : {}), path: relative(cwd, path) });
  } catch (error) {
    throw error instanceof RegressionTestError || error instanceof RedactionError ? new CliError(error.message) : error;
  }
  writeNewFile(path, test.text, inv.flag('force'));
  inv.out.event(`wrote ${path}\nrun it: ${test.runCommand}`, { file: path, runCommand: test.runCommand });
  return EXIT.done;
}
