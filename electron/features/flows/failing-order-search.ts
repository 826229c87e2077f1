import type { ParsedArgs } from '../../../shared/contract';
import { CallError } from '../../../shared/contract/errors';
import type { FuzzSearchReport } from '../../../shared/contract/flows';
import { parseExpectationText } from '../../../shared/flows/expectations';
import { is2xx } from '../../../shared/http/status';
import { differenceText, eventLabel, reproducingExpectations, sequenceScenarioFile, stepText } from '../../../shared/fuzz/report';
import { searchFailingOrder } from '../../../shared/fuzz/search';
import { HandlerUnreachable, type FuzzHandler } from '../../../shared/fuzz/trial';
import type { FlowsDeps } from './deps';
import { sendSigned } from '../../services/net/send-signed';
import { targetVerdict } from '../../services/net/target-policy';
import { readHandlerState } from './handler-state';

/** The longest pause a run draws before an arrival (as `hooklab scenario fuzz`). */
const MAX_GAP_MS = 25;

/** A URL on this machine, or the call's error: the search sends signed events and reads state only locally. */
function loopbackUrl(url: string, what: string): string {
  const verdict = targetVerdict(url, false);
  if (!verdict.loopback) throw new CallError('invalid-args', verdict.allowed || verdict.needsOptIn ? `${what} must be on this machine (loopback): ${url}` : verdict.message);
  return verdict.url;
}

/** The handler under test, reached from the core: signed with `key`, traced like every send to a handler. */
function coreHandler(ctx: FlowsDeps, targetUrl: string, stateUrl: string, key: string, signal: AbortSignal): FuzzHandler {
  return {
    send: async (delivery) => {
      const result = await sendSigned(targetUrl, delivery, key, { keepAlive: true, startTrace: () => ctx.runtime.traces.start() });
      return { error: result.ok ? null : `the handler ${targetUrl} could not be reached: ${result.error}` };
    },
    readState: async () => {
      const answer = await readHandlerState(ctx.runtime.fetch, ctx.runtime.clock, stateUrl);
      if (answer.error !== null) throw new HandlerUnreachable(`the state URL ${stateUrl} could not be read: ${answer.error}`);
      if (!is2xx(answer.status)) throw new HandlerUnreachable(`the state URL ${stateUrl} answered ${answer.status}`);
      return answer.body;
    },
    sleep: (ms) => new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      signal.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
    }),
  };
}

/**
 * `flows.searchFailingOrder`: the fuzz search of `hooklab scenario fuzz` as a job, one step per
 * run, signed with the current webhook key (what the listener verifies and the user's handler
 * should too). Answers the minimal failing sequence in words and as a scenario file.
 */
export async function runFailingOrderSearch(ctx: FlowsDeps, args: ParsedArgs<'flows.searchFailingOrder'>): Promise<FuzzSearchReport> {
  const targetUrl = loopbackUrl(args.targetUrl, 'the handler');
  const stateUrl = loopbackUrl(args.stateUrl, 'the state URL');
  const expectations = args.expect.map((text) => {
    const parsed = parseExpectationText(text);
    if ('error' in parsed) throw new CallError('invalid-args', `expectation ${parsed.error}`);
    return parsed.expectation;
  });
  const current = ctx.config.webhookKeys.current();
  const key = current ? ctx.config.webhookKeys.valueOf(current.id) : undefined;
  if (!key) throw new CallError('conflict', 'no current webhook key to sign with: add your store key in Settings → Webhook keys');
  const file = args.scenario;
  return ctx.runtime.jobs.run({ kind: 'flows.fuzz', title: `Search for a failing order (${args.runs} runs, seed ${args.seed})`, total: args.runs + 1, jobId: args.jobId }, async (job) => {
    const started = ctx.runtime.clock.now();
    let lastRun = -1;
    let nextEventId = started;
    try {
      const outcome = await searchFailingOrder(file, expectations, coreHandler(ctx, targetUrl, stateUrl, key, job.signal), { tag: `fz${started.toString(36)}`, newEventId: () => String(++nextEventId) }, {
        runs: args.runs,
        seed: args.seed,
        maxGapMs: MAX_GAP_MS,
        now: () => ctx.runtime.clock.now(),
        endsAt: started + args.timeLimitSeconds * 1000,
        signal: job.signal,
        onProgress: ({ run }) => {
          if (run > lastRun) job.step();
          lastRun = run;
        },
      });
      // Found: the runs left are not needed, so the bar ends full.
      if (outcome.outcome === 'failed') job.setTotal(lastRun + 1);
      if (outcome.outcome === 'passed') return { outcome: 'passed', seed: args.seed, runs: outcome.runs, stopped: outcome.stopped };
      return {
        outcome: 'failed',
        seed: outcome.seed,
        run: outcome.run,
        foundLength: outcome.found.length,
        complete: outcome.complete,
        minimal: outcome.minimal.map((step, i) => ({
          position: i + 1,
          eventType: file.events[step.event]!.eventType,
          eventId: file.events[step.event]!.eventId,
          kind: step.kind,
          label: eventLabel(file.events[step.event]!),
          text: stepText(file.events, step),
        })),
        failures: outcome.failures.map(differenceText),
        differences: outcome.differences.map(differenceText),
        expect: reproducingExpectations(outcome.differences),
        scenario: sequenceScenarioFile(file, outcome.minimal, new Date(ctx.runtime.clock.now()).toISOString()),
      };
    } catch (error) {
      if (error instanceof HandlerUnreachable) throw new CallError('unavailable', error.message);
      throw error;
    }
  });
}
