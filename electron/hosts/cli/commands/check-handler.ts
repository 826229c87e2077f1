import { CHECK_IDS, type CheckId, type CheckReport } from '../../../../shared/contract/replay-checks';
import { runHandlerCheck } from '../../../features/replay/handler-check';
import { createEventIdGenerator } from '../../../features/replay/event-ids';
import { targetVerdict } from '../../../services/net/target-policy';
import { nodeHmac } from '../../../services/platform/node-hmac';
import type { CommandSpec, Invocation } from '../framework/command';
import { dataDirOf } from '../framework/context';
import { CliError } from '../framework/exit-codes';
import { requireWebhookKey, type SigningKey } from '../sending/signing-key';
import { jsonLine, terminalLine } from '../framework/terminal-text';
import { connectToRunningInstance, type InstanceClient } from '../../../services/instance/instance-client';
import { loadTraceKey, StartedTraces } from '../../../services/tracing/started-traces';
import { awaitTrace, noSpansText, traceLines } from '../sending/trace-lines';
import type { Trace } from '../../../../shared/contract/tracing';
import { plainPaint } from '../framework/output';
import { JUNIT_OPTION, writeJunitReport, type JunitCase } from '../reports/junit';

/**
 * `hooklab check-handler URL` (and `npm run check-handler -- URL`): runs the handler check
 * against a webhook handler, signing with the key in HOOKLAB_WEBHOOK_KEY, else the data folder's
 * current key. Exit status: 0 every check passed, 1 some check failed, 2 usage error or the
 * handler could not be reached. With --json, stdout carries exactly one JSON object:
 * {"url","passed","checks":[{"id","passed","status","latencyMs","message","traceId"}]} (plus
 * "error" when the handler was unreachable). When a Hooklab runs on the data folder and its
 * OTLP receiver has spans, each check's line is followed by the handler's spans (not with --no-trace).
 */
export const checkHandlerCommand: CommandSpec = {
  name: 'check-handler',
  args: 'URL',
  summary: `Run the handler checks against a webhook handler, signed with HOOKLAB_WEBHOOK_KEY, else the data folder's current key. Check ids: ${CHECK_IDS.join(', ')}.`,
  positional: { min: 1, max: 1 },
  options: [
    { name: 'only', value: 'id,id', help: 'run these checks only' },
    { name: 'timeout-ms', value: 'N', help: "each request's deadline in milliseconds, 1-600000 (default 10000)" },
    { name: 'no-trace', help: "do not show the handler's spans (from the running Hooklab's OTLP receiver)" },
    { name: 'allow-non-loopback', help: 'allow a handler off this machine (it gets events signed with your key)' },
    JUNIT_OPTION,
  ],
  common: ['data-dir', 'json'],
  examples: [
    'hooklab check-handler http://localhost:3000/webhooks',
    'hooklab check-handler http://localhost:3000/webhooks --only timely-response --json',
    'hooklab check-handler http://localhost:3000/webhooks --junit reports/hooklab.xml',
  ],
  // As before it joined the framework: a later option overrides an earlier one.
  rules: { laterWins: true },
  run: checkHandler,
};

interface Options {
  url: string;
  only?: CheckId[];
  deadlineMs: number;
  json: boolean;
  key: SigningKey;
  /** The running Hooklab on the data folder whose receiver collects the handler's spans, if any (and not --no-trace). */
  tracer: { client: InstanceClient; traces: StartedTraces } | null;
}

function parse(args: Invocation): Options {
  const url = args.positional[0]!;
  const verdict = targetVerdict(url, args.flag('allow-non-loopback'));
  if (!verdict.allowed) {
    throw new CliError(
      verdict.needsOptIn ? `${new URL(verdict.url).host} is not on this machine: pass --allow-non-loopback to send it events signed with your key` : verdict.message,
      { usage: true },
    );
  }
  let only: CheckId[] | undefined;
  const onlyText = args.value('only');
  if (onlyText !== undefined) {
    const ids = onlyText.split(',').map((s) => s.trim()).filter(Boolean);
    const unknown = ids.filter((id) => !(CHECK_IDS as readonly string[]).includes(id));
    if (unknown.length > 0 || ids.length === 0) throw new CliError(`unknown check id ${unknown.join(', ') || '(none given)'}`, { usage: true });
    only = ids as CheckId[];
  }
  const timeoutText = args.value('timeout-ms');
  const deadlineMs = timeoutText === undefined ? 10_000 : Number(timeoutText);
  if (!Number.isInteger(deadlineMs) || deadlineMs < 1 || deadlineMs > 600_000) throw new CliError('--timeout-ms must be a whole number of milliseconds, 1-600000', { usage: true });
  const dataDir = dataDirOf(args);
  const client = args.flag('no-trace') ? null : connectToRunningInstance(dataDir);
  return {
    url: verdict.url,
    ...(only ? { only } : {}),
    deadlineMs,
    json: args.flag('json'),
    key: requireWebhookKey(args.io, dataDir),
    // Trace ids marked with the folder's key: the running Hooklab's receiver keeps their spans.
    tracer: client ? { client, traces: new StartedTraces(loadTraceKey(dataDir)) } : null,
  };
}

/** The handler's spans of each answered check, through the running Hooklab (once any handler exports spans to it). */
async function checkTraces(report: CheckReport, tracer: NonNullable<Options['tracer']>): Promise<Map<string, Trace>> {
  const traces = new Map<string, Trace>();
  const status = await tracer.client.call('app.status', {}).catch(() => null);
  if (!status || status.tracing.endpoint === null || status.tracing.spans === 0) return traces;
  for (const check of report.checks) {
    if (check.traceId === null || check.status === null) continue;
    traces.set(check.id, await awaitTrace((traceId) => tracer.client.call('traces.get', { traceId }), check.traceId));
  }
  return traces;
}

/** The readable report: one line per check, then evidence and the fix for each failure. */
export function formatReport(report: CheckReport, keySource: string, traces: ReadonlyMap<string, Trace> = new Map()): string {
  const lines = [`Handler check of ${report.url} (signed with ${keySource})`, ''];
  const width = Math.max(...CHECK_IDS.map((id) => id.length));
  for (const c of report.checks) {
    const status = c.status === null ? '---' : String(c.status);
    const latency = c.latencyMs === null ? '' : `${Math.round(c.latencyMs)} ms`;
    lines.push(`  ${c.passed ? 'PASS' : 'FAIL'}  ${c.id.padEnd(width)}  ${status.padStart(3)}  ${latency.padStart(8)}  ${c.message}`);
    if (c.warning) lines.push(`        warning: ${c.warning}`);
    const trace = traces.get(c.id);
    if (trace && trace.spans.length > 0) lines.push(...traceLines(trace, plainPaint, '        '));
    if (!c.passed) {
      for (const e of c.evidence) {
        lines.push(`        sent: ${e.label} (${e.requestBodySize} bytes) -> ${e.status ?? e.error}${e.responseBodyExcerpt ? `: ${e.responseBodyExcerpt.slice(0, 120).replace(/\s+/g, ' ')}` : ''}`);
      }
      lines.push(`        fix: ${c.fix}`);
    }
  }
  // A handler that exports no spans has none for any check: said once, not under each.
  const spanless = [...traces.values()].filter((t) => t.spans.length === 0);
  if (spanless.length > 0) lines.push('', `  ${noSpansText(spanless[0]!.traceId, spanless.length - 1)}`);
  const passed = report.checks.filter((c) => c.passed).length;
  const took = report.durationMs < 1000 ? `${Math.round(report.durationMs)} ms` : `${(report.durationMs / 1000).toFixed(1)} s`;
  lines.push('', `${passed} of ${report.checks.length} checks passed in ${took}: ${report.passed ? 'the handler passed' : 'the handler FAILED'}`);
  return lines.join('\n') + '\n';
}

/** The JUnit report's cases: one per check, a failure's message its verdict with the fix; an unreachable handler one error. */
export function checkCases(report: CheckReport): JunitCase[] {
  const classname = 'hooklab.check-handler';
  if (report.unreachable) {
    const message = `${report.unreachable}. Fix: start the handler, or give the URL it listens on.`;
    return [{ name: `reach ${report.url}`, classname, error: { message, text: message } }];
  }
  return report.checks.map((c) => {
    const name = `${c.id}: ${c.title}`;
    const timeMs = c.latencyMs ?? 0;
    if (c.passed) return { name, classname, timeMs, output: c.warning ? `${c.message}\nwarning: ${c.warning}` : c.message };
    const evidence = c.evidence.map((e) => `sent: ${e.label} (${e.requestBodySize} bytes) -> ${e.status ?? e.error}${e.responseBodyExcerpt ? `: ${e.responseBodyExcerpt.slice(0, 200)}` : ''}`);
    return { name, classname, timeMs, failure: { message: `${c.message} Fix: ${c.fix}`, text: [c.message, ...evidence, `fix: ${c.fix}`].join('\n') } };
  });
}

/** Runs the checks; returns the exit status. */
async function checkHandler(inv: Invocation): Promise<number> {
  const options = parse(inv);
  const io = inv.io;
  const report = await runHandlerCheck({
    url: options.url,
    key: { value: options.key.value, label: options.key.source, said: options.key.source },
    hmac: nodeHmac,
    deadlineMs: options.deadlineMs,
    ...(options.only ? { only: options.only } : {}),
    newEventId: createEventIdGenerator(() => Date.now()),
    nowMs: () => Date.now(),
    ...(options.tracer ? { startTrace: () => options.tracer!.traces.start() } : {}),
  });
  const traces = options.tracer && !report.unreachable ? await checkTraces(report, options.tracer) : new Map<string, Trace>();
  options.tracer?.client.close();
  const junit = inv.value('junit');
  if (junit) writeJunitReport(junit, { name: `hooklab check-handler ${report.url}`, timestamp: report.startedAt, cases: checkCases(report) });
  if (options.json) {
    const checks = report.checks.map((c) => ({
      id: c.id,
      passed: c.passed,
      status: c.status,
      latencyMs: c.latencyMs,
      message: c.message,
      traceId: c.traceId,
      ...(traces.has(c.id) ? { spans: traces.get(c.id)!.spans } : {}),
    }));
    io.out(jsonLine({ url: report.url, passed: report.passed, checks, ...(report.unreachable ? { error: report.unreachable } : {}) }) + '\n');
  } else if (!report.unreachable) {
    // The handler's answers and spans are quoted in the report: shown through the terminal-safe printer.
    io.out(terminalLine(formatReport(report, options.key.source, traces)));
  }
  if (report.unreachable) {
    io.err(`hooklab check-handler: ${terminalLine(report.unreachable)}\n`);
    return 2;
  }
  return report.passed ? 0 : 1;
}

