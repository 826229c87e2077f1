import type { Trace, TraceSpan } from '../../../../../shared/contract/tracing';
import type { TestApp } from '../../../../support/app-harness';

/**
 * Resolves with the trace once `predicate` holds: checked now and on every `traces.received`
 * event for it; rejects after `withinMs` with what had arrived (the spans' 2 s promise).
 */
export function waitForTrace(app: TestApp, traceId: string, predicate: (spans: TraceSpan[]) => boolean, withinMs = 2_000): Promise<Trace> {
  return new Promise((resolve, reject) => {
    let done = false;
    const finish = (error: Error | null, trace?: Trace) => {
      if (done) return;
      done = true;
      off();
      clearTimeout(timer);
      if (error) reject(error);
      else resolve(trace!);
    };
    const check = async () => {
      const trace = await app.call('traces.get', { traceId });
      if (predicate(trace.spans)) finish(null, trace);
      return trace;
    };
    const off = app.core.ctx.runtime.bus.subscribe((event, payload) => {
      if (event === 'traces.received' && (payload as { traceIds: string[] }).traceIds.includes(traceId)) void check();
    });
    const timer = setTimeout(() => {
      void check().then((trace) =>
        finish(new Error(`trace ${traceId} incomplete after ${withinMs} ms: ${JSON.stringify(trace.spans.map((s) => s.name))}`)),
      );
    }, withinMs);
    void check();
  });
}

export const spanNamed = (spans: readonly TraceSpan[], pattern: RegExp) => spans.find((s) => pattern.test(s.name));

/** The handler's server span, its Express route span and the custom span of POST /webhooks. */
export const hasHandlerSpans = (spans: readonly TraceSpan[]) =>
  spanNamed(spans, /^POST( \/webhooks)?$/) !== undefined &&
  spans.some((s) => s.name.startsWith('request handler') && s.attributes['http.route'] === '/webhooks') &&
  spanNamed(spans, /^process-event$/) !== undefined;

/** The error span of POST /webhooks/throws, with its exception event. */
export const hasErrorSpan = (spans: readonly TraceSpan[]) =>
  spans.some((s) => s.status === 'error' && s.events.some((e) => e.name === 'exception'));
