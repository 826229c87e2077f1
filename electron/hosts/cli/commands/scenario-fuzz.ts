import { writeFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { FUZZ_MAX_EVENTS, searchFailingOrder, type FuzzOutcome } from '../../../../shared/fuzz/search';
import { differenceText, reproducingExpectations, sequenceLines, sequenceScenarioFile } from '../../../../shared/fuzz/report';
import { HandlerUnreachable, type FuzzHandler } from '../../../../shared/fuzz/trial';
import { scenarioFileText, type ScenarioFile } from '../../../../shared/scenario/scenario-file';
import { createEventIdGenerator } from '../../../features/replay/event-ids';
import type { CommandSpec, Invocation } from '../framework/command';
import { configOf, dataDirOf } from '../framework/context';
import { CliError, EXIT } from '../framework/exit-codes';
import { JUNIT_OPTION, writeJunitReport, type JunitCase } from '../reports/junit';
import { wholeNumber } from '../sending/report';
import { sendSigned } from '../../../services/net/send-signed';
import { resolveSigningKey } from '../sending/signing-key';
import { readStateJson, stateUrlOf } from '../sending/state-url';
import { ALLOW_NON_LOOPBACK_OPTION, chooseTargets } from '../sending/targets';
import { parseExpectation, type Expectation } from '../values/expectations';
import { loadScenarioFile } from '../values/scenario-input';
import { scenarioFileToWrite } from '../values/scenario-path';
import { parseTimeLimit } from '../values/time-limit';
import { shellQuote } from '../../../../shared/text/shell-quote';
import { plural } from '../../../../shared/text/plural';

export const scenarioFuzzCommand: CommandSpec = {
  name: 'scenario fuzz',
  args: '<FILE | NAME>',
  summary:
    "Searches for an arrival of a scenario's events that leaves your handler's state wrong, as the service may really deliver them (another order, retries with the same event id at once or later, an event lost and resent from the history, pauses). Each run goes under a fresh order id (every orderId in the bodies rewritten) and fresh event ids, so runs never share state. The first failing run is shrunk to the smallest sequence that still fails, printed as numbered lines with the seed and what was expected against what the state said (exit 1; -o writes it as a scenario file). No failure: exit 0 with the count of runs.",
  positional: { min: 1, max: 1 },
  options: [
    { name: 'to', value: 'URL', help: 'your handler (required)' },
    { name: 'expect-state', value: 'URL', help: "the handler's state as JSON (GET), read after each run (required)" },
    { name: 'expect', value: 'PATH=VALUE', repeatable: true, help: "a value the state must have after the recorded events; {orderId} is the run's order: orders.{orderId}.shipping=DELIVERED (at least one)" },
    { name: 'runs', value: 'N', help: 'variations to try, 1-100000 (default 300)' },
    { name: 'seed', value: 'N', help: 'the seed the variations are drawn from (default 1): the same seed, the same search' },
    { name: 'time-limit', value: 'DURATION', help: 'stop searching (and shrinking) after this long: 30s, 5m (default 30s)' },
    { name: 'output', short: 'o', value: 'FILE|NAME', help: "write the minimal failing sequence as a scenario file (a bare NAME goes in the config's scenarios folder)" },
    ALLOW_NON_LOOPBACK_OPTION,
    JUNIT_OPTION,
  ],
  examples: [
    'hooklab scenario fuzz scenarios/shipping.json --to http://localhost:3000/webhooks --expect-state http://localhost:3000/state --expect orders.{orderId}.shipping=DELIVERED --expect orders.{orderId}.payments=1 -o minimal.json',
  ],
  run,
};

/** The longest pause a run draws before an arrival: enough to let a handler's async work interleave, short enough for 300 runs. */
const MAX_GAP_MS = 25;

interface Search {
  readonly path: string;
  readonly file: ScenarioFile;
  readonly target: string;
  readonly stateUrl: string;
  readonly expectations: Expectation[];
  readonly runs: number;
  readonly seed: number;
  readonly timeLimitMs: number;
}

function parse(inv: Invocation): Search {
  const { path, file } = loadScenarioFile(inv);
  if (file.events.length > FUZZ_MAX_EVENTS) throw new CliError(`${path} has ${file.events.length} events: a search varies at most ${FUZZ_MAX_EVENTS} (record one order: hooklab scenario record ORDER_ID)`);
  const to = inv.value('to');
  if (!to) throw new CliError('give --to URL: the handler the runs are sent to', { usage: true });
  const state = inv.value('expect-state');
  if (!state) throw new CliError('give --expect-state URL: the search judges each run by the state it reads there', { usage: true });
  const expectations = inv.values('expect').map(parseExpectation);
  if (expectations.length === 0) throw new CliError('give at least one --expect PATH=VALUE: what the state must hold after the recorded events', { usage: true });
  const [target] = chooseTargets(inv, null, configOf(inv), dataDirOf(inv));
  return {
    path,
    file,
    target: target!,
    stateUrl: stateUrlOf(state),
    expectations,
    runs: wholeNumber(inv.value('runs'), 'runs', 1, 100_000) ?? 300,
    seed: wholeNumber(inv.value('seed'), 'seed', 0, 2 ** 31) ?? 1,
    timeLimitMs: parseTimeLimit(inv.value('time-limit'), 30_000),
  };
}

async function run(inv: Invocation): Promise<number> {
  const search = parse(inv);
  const output = inv.value('output');
  const outputPath = output === undefined ? null : scenarioFileToWrite(output, inv.io.cwd ?? process.cwd(), configOf(inv));
  const key = resolveSigningKey(inv.io.env, dataDirOf(inv));
  inv.out.progress(`${plural(search.file.events.length, 'event')} from ${search.path}, signing with ${key.source}; up to ${search.runs} runs from seed ${search.seed}, at most ${search.timeLimitMs / 1000} s`);
  const handler: FuzzHandler = {
    send: async (delivery) => {
      const result = await sendSigned(search.target, delivery, key.value, { keepAlive: true });
      return { error: result.ok ? null : result.error };
    },
    readState: () => readStateJson(search.stateUrl),
    sleep: (ms) => sleep(ms),
  };
  const started = Date.now();
  let shrinkingSaid = false;
  let outcome: FuzzOutcome;
  try {
    outcome = await searchFailingOrder(search.file, search.expectations, handler, { tag: `fz${started.toString(36)}`, newEventId: createEventIdGenerator(() => Date.now()) }, {
      runs: search.runs,
      seed: search.seed,
      maxGapMs: MAX_GAP_MS,
      now: () => Date.now(),
      endsAt: started + search.timeLimitMs,
      onProgress: ({ run, shrinking }) => {
        if (shrinking && !shrinkingSaid) inv.out.progress(`run ${run} failed: shrinking it…`);
        else if (!shrinking && run > 0 && run % 100 === 0) inv.out.progress(`${run} runs, no failure yet`);
        shrinkingSaid ||= shrinking;
      },
    });
  } catch (error) {
    if (error instanceof HandlerUnreachable) throw new CliError(`${search.target} is unreachable: ${error.message}`);
    throw error;
  }
  const junit = inv.value('junit');
  const report = (c: JunitCase) => junit && writeJunitReport(junit, { name: `hooklab scenario fuzz ${search.path}`, timestamp: new Date(started).toISOString(), cases: [c] });
  const name = `${search.path}: no arrival order, retry or resend breaks the handler's state (seed ${search.seed})`;
  const timeMs = Date.now() - started;
  if (outcome.outcome === 'passed') {
    const why = outcome.stopped === 'time' ? ` (the ${search.timeLimitMs / 1000} s time limit stopped it)` : '';
    inv.out.event(`${inv.out.paint.green('PASS')}  no failure in ${outcome.runs} runs from seed ${search.seed}${why}`, { outcome: 'passed', runs: outcome.runs, seed: search.seed, stopped: outcome.stopped });
    report({ name, classname: CLASS, timeMs, output: `the recorded order and ${outcome.runs} variations passed${why}` });
    return EXIT.done;
  }
  const file = sequenceScenarioFile(search.file, outcome.minimal, new Date().toISOString());
  if (outputPath) writeMinimal(outputPath, file);
  const text = failureText(search, outcome, outputPath);
  inv.out.event(text, {
    outcome: 'failed',
    seed: outcome.seed,
    run: outcome.run,
    minimal: sequenceLines(search.file.events, outcome.minimal),
    complete: outcome.complete,
    failures: outcome.failures.map(differenceText),
    differences: outcome.differences.map(differenceText),
    expect: reproducingExpectations(outcome.differences),
    ...(outputPath ? { file: outputPath } : {}),
  });
  const headline = outcome.run === 0 ? 'the recorded order already fails' : `run ${outcome.run} of seed ${outcome.seed} fails; minimal: ${sequenceLines(search.file.events, outcome.minimal).join(' ')}`;
  report({ name, classname: CLASS, timeMs, failure: { message: `${headline}. ${outcome.differences.map(differenceText).join('; ')}. Fix: ${FIX}`, text } });
  return EXIT.failed;
}

const CLASS = 'hooklab.scenario-fuzz';

const FIX =
  "the handler's result must not depend on arrival order or repeats: process each X-Svc-Event-Id once, and apply a late event by what it means (a shipping status only moves forward, a payment does not reset what came before)";

function writeMinimal(path: string, file: ScenarioFile): void {
  try {
    writeFileSync(path, scenarioFileText(file));
  } catch (error) {
    throw new CliError(`cannot write ${path}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
}

/** The failure as a person reads it: the run, the minimal sequence, expected against the state, how to replay it. */
function failureText(search: Search, outcome: Extract<FuzzOutcome, { outcome: 'failed' }>, outputPath: string | null): string {
  const lines: string[] = [];
  if (outcome.run === 0) {
    lines.push('FAIL  the recorded order already fails (no variation needed):', ...outcome.failures.map((d) => `  ${differenceText(d)}`));
    return lines.join('\n');
  }
  lines.push(`FAIL  run ${outcome.run} of seed ${outcome.seed} broke the handler's state:`, ...outcome.failures.map((d) => `  ${differenceText(d)}`));
  lines.push('', `Minimal sequence (${outcome.minimal.length} of the ${outcome.found.length} arrivals of run ${outcome.run}${outcome.complete ? '' : ', shrinking cut short by the time limit'}):`);
  lines.push(...sequenceLines(search.file.events, outcome.minimal).map((l) => `  ${l}`));
  lines.push('', 'Expected (the same events in recorded order) against what the handler\'s state said:', ...outcome.differences.map((d) => `  ${differenceText(d)}`));
  lines.push('', `Seed ${outcome.seed}: the same command with --seed ${outcome.seed} finds it again.`);
  if (outputPath) {
    // The values come from the handler's state: quoted for the shell the user pastes this into.
    const words = ['hooklab', 'scenario', 'run', outputPath, '--to', search.target, '--speed', 'max', '--expect-state', search.stateUrl, ...reproducingExpectations(outcome.differences).flatMap((e) => ['--expect', e])];
    lines.push(`Written to ${outputPath}; replay it with:`, `  ${words.map(shellQuote).join(' ')}`);
  }
  return lines.join('\n');
}
