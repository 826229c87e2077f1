import { setTimeout as sleep } from 'node:timers/promises';
import { scenarioEventBytes } from '../../../../shared/scenario/scenario-file';
import { createEventIdGenerator } from '../../../features/replay/event-ids';
import type { CommandSpec, Invocation } from '../framework/command';
import { configOf, dataDirOf } from '../framework/context';
import { CliError, EXIT } from '../framework/exit-codes';
import { reportExchange, wholeNumber } from '../sending/report';
import { sendSigned } from '../../../services/net/send-signed';
import { cliTraces } from '../sending/cli-traces';
import { bundleSigningKey, resolveSigningKey } from '../sending/signing-key';
import { ALLOW_NON_LOOPBACK_OPTION, chooseTargets, toOption } from '../sending/targets';
import { parseExpectation, type Expectation } from '../values/expectations';
import { expectationOutcome } from '../../../../shared/flows/expectations';
import { loadScenarioFile } from '../values/scenario-input';
import { orderIdOf, scenarioSends } from '../../../../shared/flows/send-order';
import { readStateJson, stateUrlOf } from '../sending/state-url';
import { JUNIT_OPTION, writeJunitReport, type JunitCase } from '../reports/junit';
import { plural } from '../../../../shared/text/plural';

export const scenarioRunCommand: CommandSpec = {
  name: 'scenario run',
  args: '<FILE | NAME>',
  summary:
    'Replays a scenario file (or a .hooklab bundle: signed with its own key unless HOOKLAB_WEBHOOK_KEY or --folder-key says otherwise) re-signed with your key (event ids and created times kept, as the service\'s resends), waiting the recorded gaps (scaled by --speed), then reads the handler\'s state URL and checks each --expect. Exit 1 naming each difference. A bare NAME (no path separator, .json optional) is a file of the config\'s scenarios folder.',
  positional: { min: 1, max: 1 },
  options: [
    toOption({ repeatable: true }),
    { name: 'speed', value: '1|10|max', help: 'gap scale: 1 real time (default), 10 ten times faster, max no waiting' },
    { name: 'shuffle', help: 'send in a shuffled order (with --seed, the same order every run)' },
    { name: 'seed', value: 'N', help: 'seed of --shuffle and --duplicates (default 1)' },
    { name: 'duplicates', value: 'N', help: 'send each event N more times right after itself (as the service retries)' },
    { name: 'expect-state', value: 'URL', help: "the handler's state as JSON (GET), read after the last event" },
    { name: 'expect', value: 'PATH=VALUE', repeatable: true, help: "a value the state must have (orders.900001.paid=1; {orderId} is the scenario's order: orders.{orderId}.paid=1)" },
    { name: 'folder-key', help: "with a .hooklab bundle: sign with the data folder's current key instead of the bundle's own key" },
    ALLOW_NON_LOOPBACK_OPTION,
    JUNIT_OPTION,
  ],
  examples: ['hooklab scenario run 3ds-success --speed max', 'hooklab scenario run scenarios/3ds.json --to http://localhost:3000/webhooks --speed max --duplicates 1 --expect-state http://localhost:3000/state --expect orders.900001.charges=1'],
  run,
};

function speedOf(text: string | undefined): number {
  if (text === undefined || text === '1') return 1;
  if (text === '10') return 10;
  if (text === 'max') return Infinity;
  throw new CliError(`--speed "${text}": give 1, 10 or max`);
}

async function run(inv: Invocation): Promise<number> {
  const config = configOf(inv);
  const { path, file, bundleKey } = loadScenarioFile(inv);
  if (inv.flag('folder-key') && bundleKey === undefined) throw new CliError('--folder-key goes with a .hooklab bundle (a scenario file is signed with the folder key already)');
  const speed = speedOf(inv.value('speed'));
  const seed = wholeNumber(inv.value('seed'), 'seed', 0, 2 ** 31) ?? 1;
  const duplicates = wholeNumber(inv.value('duplicates'), 'duplicates', 0, 100) ?? 0;
  const expectations = inv.values('expect').map(parseExpectation);
  const stateText = inv.value('expect-state');
  if (expectations.length > 0 && !stateText) throw new CliError('--expect needs --expect-state URL');
  const stateUrl = stateText === undefined ? undefined : stateUrlOf(stateText);
  const junit = inv.value('junit');
  const dataDir = dataDirOf(inv);
  const targetsByType = new Map<string | null, string[]>();
  for (const e of file.events) if (!targetsByType.has(e.eventType)) targetsByType.set(e.eventType, chooseTargets(inv, e.eventType, config, dataDir));
  const key = bundleKey === undefined ? resolveSigningKey(inv.io.env, dataDir) : bundleSigningKey(inv.io.env, dataDir, bundleKey, inv.flag('folder-key'));
  inv.out.progress(`${plural(file.events.length, 'event')} from ${path}, signing with ${key.source}`);

  const sends = scenarioSends(file.events, { shuffle: inv.flag('shuffle'), seed, duplicates });
  // An event without an id (an unlogged delivery) gets a fresh one, as Replay does.
  const newEventId = createEventIdGenerator(() => Date.now());
  const startTrace = cliTraces(dataDir);
  const started = Date.now();
  const refused: string[] = [];
  let status: number = EXIT.done;
  for (const { event, copies } of sends) {
    if (speed !== Infinity && event.gapMs > 0) await sleep(event.gapMs / speed);
    const delivery = {
      body: scenarioEventBytes(event),
      eventId: event.eventId ?? newEventId(),
      created: event.eventCreated ?? new Date().toISOString(),
      headers: event.headers,
    };
    const orderId = orderIdOf(delivery.body);
    for (let copy = 0; copy <= copies; copy++) {
      for (const target of targetsByType.get(event.eventType)!) {
        const result = await sendSigned(target, delivery, key.value, { keepAlive: true, startTrace });
        const code = reportExchange(inv.out, { type: event.eventType, orderId, eventId: delivery.eventId, target }, result);
        if (code !== EXIT.done) refused.push(`${event.eventType ?? '(no type)'} (event ${delivery.eventId}) -> ${target}: ${result.ok ? result.answer.status : `unreachable: ${result.error}`}`);
        if (code === EXIT.couldNotRun) {
          if (junit) writeJunitReport(junit, { name: `hooklab scenario run ${path}`, timestamp: new Date(started).toISOString(), cases: [sendsCase(path, refused, Date.now() - started)] });
          return code;
        }
        status = Math.max(status, code);
      }
    }
  }
  const cases = [sendsCase(path, refused, Date.now() - started)];
  if (stateUrl) {
    const checked = await checkState(inv, stateUrl, expectations, file.source.orderId ?? null);
    cases.push(...checked.cases);
    status = Math.max(status, checked.status);
  }
  if (junit) writeJunitReport(junit, { name: `hooklab scenario run ${path}`, timestamp: new Date(started).toISOString(), cases });
  return status;
}

const CLASS = 'hooklab.scenario-run';

/** The report's case for the sends: every event answered 2xx, or which were refused. */
function sendsCase(path: string, refused: readonly string[], timeMs: number): JunitCase {
  const name = `${path}: the handler accepts every event (2xx)`;
  if (refused.length === 0) return { name, classname: CLASS, timeMs };
  const message = `${refused.length} send(s) not accepted: ${refused[0]}. Fix: answer 2xx to every event with a valid signature, a repeat too (the service retries any non-2xx answer, then drops the event).`;
  return { name, classname: CLASS, timeMs, failure: { message, text: refused.join('\n') } };
}

/** Reads the handler's state and checks each --expect; `{orderId}` in a path is the scenario's order. */
async function checkState(inv: Invocation, url: string, expectations: readonly Expectation[], orderId: string | null): Promise<{ status: number; cases: JunitCase[] }> {
  const state = await readStateJson(url);
  let failed = 0;
  const cases: JunitCase[] = [];
  for (const e of expectations) {
    const { difference, text } = expectationOutcome(state, e, orderId);
    if (difference) failed++;
    inv.out.event(difference ? `${inv.out.paint.red('FAIL')}${text.slice(4)}` : `${inv.out.paint.green('PASS')}${text.slice(4)}`, {
      expectation: e.path,
      expected: e.expected,
      passed: difference === null,
      ...(difference ? { difference } : {}),
    });
    const name = `${e.path} = ${JSON.stringify(e.expected)}`;
    const fix = `Fix: the handler's state (${url}) must hold ${name} after these events, in this order and with these repeats; hooklab scenario fuzz finds the smallest sequence that breaks it.`;
    cases.push(difference ? { name, classname: CLASS, failure: { message: `${difference}. ${fix}`, text: `${difference}\n${fix}` } } : { name, classname: CLASS });
  }
  if (failed > 0) inv.out.progress(`${failed} of ${expectations.length} expectations failed`);
  return { status: failed > 0 ? EXIT.failed : EXIT.done, cases };
}
