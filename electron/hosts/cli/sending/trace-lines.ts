import type { Trace } from '../../../../shared/contract/tracing';
import { exceptionsOf, formatDuration, layoutTrace } from '../../../../shared/tracing/trace-layout';
import { terminalSafe } from '../framework/terminal-text';
import type { Paint } from '../framework/output';

/** How long a command waits for a handler's spans: SDKs export in batches (Node's every 5 s by default). */
export const TRACE_WAIT_MS = 6_000;
/** Spans stop coming for this long: the handler exported its trace. */
const SETTLED_MS = 600;
const POLL_MS = 150;

/**
 * Reads a trace until its spans stop changing (or the wait is over): the command prints what
 * the handler did under its answer. Polls the contract, so it works through a running
 * Hooklab's local API as well as on a core in this process.
 */
export async function awaitTrace(get: (traceId: string) => Promise<Trace>, traceId: string, waitMs = TRACE_WAIT_MS): Promise<Trace> {
  const until = Date.now() + waitMs;
  let trace = await get(traceId);
  let seen = trace.spans.length;
  let changedAt = Date.now();
  while (Date.now() < until) {
    if (seen > 0 && Date.now() - changedAt >= SETTLED_MS) break;
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    trace = await get(traceId);
    if (trace.spans.length !== seen) {
      seen = trace.spans.length;
      changedAt = Date.now();
    }
  }
  return trace;
}

/** Said when a handler exported no spans for a trace (and, once for a run, for `others` more). */
export function noSpansText(traceId: string, others = 0): string {
  const also = others > 0 ? ` nor for the other ${others} traces of this run` : '';
  return `no spans from the handler for trace ${traceId}${also} (see docs/tracing.md to export them to Hooklab)`;
}

/** The spans as an indented tree under an answer: name, duration, status, service; an error's message. */
export function traceLines(trace: Trace, paint: Paint, indent = '    '): string[] {
  if (trace.spans.length === 0) {
    return [`${indent}${paint.dim(noSpansText(trace.traceId))}`];
  }
  const lines = [`${indent}${paint.dim(`trace ${trace.traceId}`)}`];
  for (const row of layoutTrace(trace.spans)) {
    const { span } = row;
    const status = span.status === 'error' ? paint.red('error') : span.status === 'ok' ? paint.green('ok') : paint.dim('unset');
    const name = `${'  '.repeat(row.depth)}${terminalSafe(span.name, 60)}`;
    lines.push(`${indent}${name.padEnd(44)} ${formatDuration(span.durationMs).padStart(9)}  ${status}  ${paint.dim(terminalSafe(span.service, 30))}`);
    for (const e of exceptionsOf(span)) {
      lines.push(`${indent}${'  '.repeat(row.depth + 1)}${paint.red(terminalSafe(e.message || e.type, 160))}`);
    }
  }
  return lines;
}
