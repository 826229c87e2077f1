import { z } from 'zod';
import type { Trace } from '../../../shared/contract/tracing';
import { exceptionsOf, formatDuration, layoutTrace } from '../../../shared/tracing/trace-layout';
import { boundTrace, describeCut, type TraceBounds } from '../../../shared/tracing/bound-trace';
import type { ContractClient } from '../kit/contract-client';
import { line, toolResult } from './tool-result';
import { defineTool, type ToolDefinition } from './tool-definition';

/**
 * What one reply carries: a 60,000-span trace once made a 13.9 MB answer. The spans asked for
 * are capped, each text shortened, and the spans' JSON kept under a budget shared by the
 * reply's traces; the text says what was cut.
 */
export const MCP_TRACE_MAX_SPANS = 500;
const MCP_TRACE_BYTES = 200_000;
const MCP_TRACE_VALUE_CHARS = 1_000;

/** One trace as an agent reads it: an indented span tree with durations, statuses and errors. */
function traceText(label: string, trace: Trace): string {
  if (trace.spans.length === 0) {
    return line`${label}: trace ${trace.traceId}, no spans from the handler (it does not export OpenTelemetry spans to Hooklab, or not yet).`;
  }
  const lines = [line`${label}: trace ${trace.traceId}, ${trace.totalSpans} spans`];
  for (const { span, depth } of layoutTrace(trace.spans)) {
    // Span names, services and exceptions are the handler's text: escaped, each on its own line.
    lines.push('  '.repeat(depth + 1) + line`${span.name} [${span.service}] ${formatDuration(span.durationMs)} ${span.status}`);
    for (const e of exceptionsOf(span)) lines.push('  '.repeat(depth + 2) + line`exception: ${e.type ? `${e.type}: ` : ''}${e.message}`);
  }
  return lines.join('\n');
}

/** get_handler_trace: what the user's handler did with a forward or a replay (its OpenTelemetry spans). */
export function traceTools(client: ContractClient): ToolDefinition[] {
  return [
    defineTool({
      name: 'get_handler_trace',
      calls: ['live.get', 'replay.get', 'traces.get'],
      description:
        "The webhook handler's own OpenTelemetry spans (route, queries, errors with message and stack) for a received delivery's forwards or for a replay: Hooklab sends a traceparent with each and keeps the spans the handler exports to its OTLP receiver. Give deliveryId or replayId.",
      input: z
        .object({
          deliveryId: z.number().int().positive().optional().describe('Id of a received delivery (from list_deliveries): the traces of its forwards'),
          replayId: z.number().int().positive().optional().describe('Id of a replay (from replay_delivery or trigger_event)'),
        })
        .strict()
        .refine((a) => (a.deliveryId === undefined) !== (a.replayId === undefined), 'give exactly one of deliveryId and replayId'),
      async run({ deliveryId, replayId }) {
        const sources: Array<{ label: string; traceId: string | null }> = [];
        if (deliveryId !== undefined) {
          const detail = await client.call('live.get', { id: deliveryId, bodyBytes: 1 });
          if (detail.forwards.length === 0) throw new Error(`delivery #${deliveryId} was not forwarded to any handler`);
          for (const f of detail.forwards) sources.push({ label: `forward of #${deliveryId} to ${f.target}`, traceId: f.traceId });
        } else {
          const replay = await client.call('replay.get', { id: replayId! });
          sources.push({ label: `replay #${replayId} to ${replay.summary.targetUrl}`, traceId: replay.summary.traceId });
        }
        const traces: Trace[] = [];
        const cuts: Array<{ traceId: string; spansShown: number; spansTotal: number; valuesShortened: number }> = [];
        const text: string[] = [];
        const bounds: TraceBounds = { maxValueChars: MCP_TRACE_VALUE_CHARS, maxBytes: Math.floor(MCP_TRACE_BYTES / sources.length) };
        for (const source of sources) {
          if (source.traceId === null) {
            text.push(line`${source.label}: sent before Hooklab added a traceparent, no trace.`);
            continue;
          }
          // Already redacted by traces.get (signatures, keys, tokens, cookies, credentials).
          const { trace, cut } = boundTrace(await client.call('traces.get', { traceId: source.traceId, maxSpans: MCP_TRACE_MAX_SPANS }), bounds);
          traces.push(trace);
          text.push(traceText(source.label, trace) + (cut ? `\n  (${describeCut(cut, bounds)})` : ''));
          if (cut) cuts.push({ traceId: trace.traceId, ...cut });
        }
        return toolResult(text.join('\n\n'), { traces, cuts });
      },
    }),
  ];
}
