import type { ParsedArgs } from '../../../shared/contract';
import { CallError } from '../../../shared/contract/errors';
import type { ScenarioRunResult } from '../../../shared/contract/scenario';
import { expectationOutcome, parseExpectationText } from '../../../shared/flows/expectations';
import { is2xx } from '../../../shared/http/status';
import { scenarioEventBytes } from '../../../shared/scenario/scenario-file';
import { orderIdOf, scenarioSends } from '../../../shared/flows/send-order';
import type { ReplayDeps } from './deps';
import { sendSigned } from '../../services/net/send-signed';
import { readStateJson } from '../../services/net/state-json';
import { targetVerdict } from '../../services/net/target-policy';
import type { KeyChoices } from '../../services/webhook-keys/key-choices';
import type { ReplayTargets } from './targets';

/** What a send carries when the recorded event has no headers of its own. */
const DEFAULT_HEADERS: ReadonlyArray<[string, string]> = [
  ['Content-Type', 'application/json'],
  ['User-Agent', 'Hooklab'],
];

export interface ScenarioRunDeps {
  readonly ctx: ReplayDeps;
  readonly targets: ReplayTargets;
  readonly keys: KeyChoices;
  readonly newEventId: () => string;
}

/** The state URL, on this machine only: it is read on the caller's behalf. */
function loopbackStateUrl(url: string): string {
  const verdict = targetVerdict(url, false);
  if (!verdict.loopback) throw new CallError('invalid-args', verdict.allowed || verdict.needsOptIn ? `the state URL must be on this machine (loopback): ${url}` : verdict.message);
  return verdict.url;
}

/**
 * `scenario.run`: `hooklab scenario run` in the core, as a job, signed with a key chosen by
 * reference (never by value: an MCP agent names the key it may use), to a target Replay allows.
 * At full speed: the recorded gaps are for a person watching, not for a tool waiting.
 */
export async function runScenario(deps: ScenarioRunDeps, args: ParsedArgs<'scenario.run'>): Promise<ScenarioRunResult> {
  const { ctx } = deps;
  const target = deps.targets.require(args.targetUrl).url;
  const stateUrl = args.expectState === undefined ? null : loopbackStateUrl(args.expectState);
  const expectations = args.expect.map((text) => {
    const parsed = parseExpectationText(text);
    if ('error' in parsed) throw new CallError('invalid-args', `expect ${parsed.error}`);
    return parsed.expectation;
  });
  const key = deps.keys.resolve(args.key);
  if ('problem' in key) throw new CallError('conflict', `the scenario run needs a key: ${key.problem}`);
  const file = args.scenario;
  const sends = scenarioSends(file.events, args);
  const total = sends.reduce((n, s) => n + 1 + s.copies, 0) + (stateUrl ? 1 : 0);
  const title = `Scenario run${file.source.orderId ? ` of order ${file.source.orderId}` : ''} to ${target}`;
  return ctx.runtime.jobs.run({ kind: 'scenario.run', title, total, jobId: args.jobId }, async (job) => {
    const lines: Array<{ passed: boolean; text: string }> = [];
    const refused: string[] = [];
    let sent = 0;
    for (const { event, copies } of sends) {
      const body = scenarioEventBytes(event);
      const delivery = {
        body,
        eventId: event.eventId ?? deps.newEventId(),
        created: event.eventCreated ?? new Date(ctx.runtime.clock.now()).toISOString(),
        headers: [...(event.headers.length > 0 ? event.headers : DEFAULT_HEADERS), ...args.headers],
      };
      const what = `${event.eventType ?? '(no type)'} order ${orderIdOf(body) ?? '-'} event ${delivery.eventId}`;
      for (let copy = 0; copy <= copies && !job.signal.aborted; copy++) {
        const result = await sendSigned(target, delivery, key.value, { keepAlive: true, startTrace: () => ctx.runtime.traces.start() });
        sent++;
        const ok = result.ok && is2xx(result.answer.status);
        const answer = result.ok ? `${result.answer.status} in ${Math.round(result.latencyMs)} ms` : `unreachable: ${result.error}`;
        lines.push({ passed: ok, text: `${ok ? 'SENT' : 'FAIL'}  ${what} -> ${target}: ${answer}` });
        if (!ok) refused.push(`${what}: ${answer}`);
        job.step(!ok);
      }
    }
    if (stateUrl && !job.signal.aborted) {
      const read = await readStateJson(stateUrl);
      if ('error' in read) {
        lines.push({ passed: false, text: `FAIL  ${read.error}` });
      } else {
        for (const e of expectations) lines.push(expectationOutcome(read.state, e, file.source.orderId ?? null));
      }
      job.step('error' in read);
    }
    const cancelled = job.signal.aborted;
    return { jobId: job.jobId, passed: !cancelled && lines.every((l) => l.passed), cancelled, sends: sent, refused, lines };
  });
}
