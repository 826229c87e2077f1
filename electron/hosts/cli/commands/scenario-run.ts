import { setTimeout as sleep } from 'node:timers/promises';
import { scenarioEventBytes, type ScenarioEvent } from '../../../../shared/scenario/scenario-file';
import { createEventIdGenerator } from '../../../features/replay/event-ids';
import { exchange } from '../../../services/net/exchange';
import type { CommandSpec, Invocation } from '../framework/command';
import { configOf, dataDirOf } from '../framework/context';
import { CliError, EXIT } from '../framework/exit-codes';
import { reportExchange, wholeNumber } from '../sending/report';
import { sendSigned } from '../sending/send-signed';
import { cliTraces } from '../sending/cli-traces';
import { resolveSigningKey } from '../sending/signing-key';
import { ALLOW_NON_LOOPBACK_OPTION, chooseTargets, toOption } from '../sending/targets';
import { checkExpectation, parseExpectation } from '../values/expectations';
import { readScenarioFile } from '../values/scenario-file-read';
import { scenarioFileToRead } from '../values/scenario-path';
import { seededShuffle } from '../values/seeded-shuffle';

export const scenarioRunCommand: CommandSpec = {
  name: 'scenario run',
  args: '<FILE | NAME>',
  summary:
    'Replays a scenario file re-signed with your key (event ids and created times kept, as the service\'s resends), waiting the recorded gaps (scaled by --speed), then reads the handler\'s state URL and checks each --expect. Exit 1 naming each difference. A bare NAME (no path separator, .json optional) is a file of the config\'s scenarios folder.',
  positional: { min: 1, max: 1 },
  options: [
    toOption({ repeatable: true }),
    { name: 'speed', value: '1|10|max', help: 'gap scale: 1 real time (default), 10 ten times faster, max no waiting' },
    { name: 'shuffle', help: 'send in a shuffled order (with --seed, the same order every run)' },
    { name: 'seed', value: 'N', help: 'seed of --shuffle and --duplicates (default 1)' },
    { name: 'duplicates', value: 'N', help: 'send each event N more times right after itself (as the service retries)' },
    { name: 'expect-state', value: 'URL', help: "the handler's state as JSON (GET), read after the last event" },
    { name: 'expect', value: 'PATH=VALUE', repeatable: true, help: "a value the state must have (orders.900001.paid=1; {orderId} is the scenario's order: orders.{orderId}.paid=1)" },
    ALLOW_NON_LOOPBACK_OPTION,
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
  const path = scenarioFileToRead(inv.positional[0]!, inv.io.cwd ?? process.cwd(), config);
  const parsed = { file: readScenarioFile(path) };
  const speed = speedOf(inv.value('speed'));
  const seed = wholeNumber(inv.value('seed'), 'seed', 0, 2 ** 31) ?? 1;
  const duplicates = wholeNumber(inv.value('duplicates'), 'duplicates', 0, 100) ?? 0;
  const expectations = inv.values('expect').map(parseExpectation);
  const stateUrl = inv.value('expect-state');
  if (expectations.length > 0 && !stateUrl) throw new CliError('--expect needs --expect-state URL');
  const dataDir = dataDirOf(inv);
  const targetsByType = new Map<string | null, string[]>();
  for (const e of parsed.file.events) if (!targetsByType.has(e.eventType)) targetsByType.set(e.eventType, chooseTargets(inv, e.eventType, config, dataDir));
  const key = resolveSigningKey(inv.io.env, dataDir);
  inv.out.progress(`${parsed.file.events.length} events from ${path}, signing with ${key.source}`);

  let order: ScenarioEvent[] = parsed.file.events;
  if (inv.flag('shuffle')) order = seededShuffle(order, seed);
  // An event without an id (an unlogged delivery) gets a fresh one, as Replay does.
  const newEventId = createEventIdGenerator(() => Date.now());
  const startTrace = cliTraces(dataDir);
  let status: number = EXIT.done;
  for (const event of order) {
    if (speed !== Infinity && event.gapMs > 0) await sleep(event.gapMs / speed);
    const delivery = {
      body: scenarioEventBytes(event),
      eventId: event.eventId ?? newEventId(),
      created: event.eventCreated ?? new Date().toISOString(),
      headers: event.headers,
    };
    const orderId = orderIdOf(delivery.body);
    for (let copy = 0; copy <= duplicates; copy++) {
      for (const target of targetsByType.get(event.eventType)!) {
        const result = await sendSigned(target, delivery, key.value, { keepAlive: true, startTrace });
        const code = reportExchange(inv.out, { type: event.eventType, orderId, eventId: delivery.eventId, target }, result);
        if (code === EXIT.couldNotRun) return code;
        status = Math.max(status, code);
      }
    }
  }
  if (stateUrl) status = Math.max(status, await checkState(inv, stateUrl, expectations, parsed.file.source.orderId ?? null));
  return status;
}

function orderIdOf(body: Uint8Array): string | null {
  try {
    const value = (JSON.parse(new TextDecoder().decode(body)) as { orderId?: unknown }).orderId;
    return typeof value === 'string' ? value : null;
  } catch {
    return null;
  }
}

/** Reads the handler's state and checks each --expect; `{orderId}` in a path is the scenario's order. */
async function checkState(inv: Invocation, url: string, expectations: ReturnType<typeof parseExpectation>[], orderId: string | null): Promise<number> {
  if (!URL.canParse(url) || !/^https?:$/.test(new URL(url).protocol)) throw new CliError(`--expect-state ${url}: not an http(s) URL`);
  const headers: Array<[string, string]> = [
    ['Host', new URL(url).host],
    ['Accept', 'application/json'],
  ];
  const result = await exchange({ method: 'GET', url, headers, body: new Uint8Array() }, { timeoutMs: 10_000, responseCap: 16 * 1024 * 1024 });
  if (!result.ok) throw new CliError(`the state URL ${url} is unreachable: ${result.error}`);
  let state: unknown;
  try {
    state = JSON.parse(new TextDecoder().decode(result.answer.body));
  } catch {
    throw new CliError(`the state URL ${url} answered ${result.answer.status} without JSON`);
  }
  let failed = 0;
  for (const e of expectations) {
    const difference = checkExpectation(state, e, orderId);
    if (difference) failed++;
    inv.out.event(difference ? `${inv.out.paint.red('FAIL')}  ${difference}` : `${inv.out.paint.green('PASS')}  ${e.path} = ${JSON.stringify(e.expected)}`, {
      expectation: e.path,
      expected: e.expected,
      passed: difference === null,
      ...(difference ? { difference } : {}),
    });
  }
  if (failed > 0) inv.out.progress(`${failed} of ${expectations.length} expectations failed`);
  return failed > 0 ? EXIT.failed : EXIT.done;
}
