import { newTraceContext, type TraceContext } from '../../../shared/tracing/trace-context';

/** Trace ids remembered at most (the oldest forgotten first): far more than spans arrive for. */
const REMEMBERED = 100_000;

/**
 * The traces Hooklab started (each forward, replay, check and send draws one here), so the
 * OTLP receiver keeps a handler's spans only when they belong to one of them. Held in memory:
 * a handler exports within seconds of the request, and a trace started before a restart is
 * not one this run sent.
 */
export class StartedTraces {
  private readonly ids = new Set<string>();

  constructor(private readonly remembered = REMEMBERED) {}

  /** A new trace for one request, remembered as Hooklab's. */
  start(): TraceContext {
    const trace = newTraceContext();
    this.remember(trace.traceId);
    return trace;
  }

  /** Remembers a trace id started elsewhere (a request this run sent through another path). */
  remember(traceId: string): void {
    this.ids.add(traceId);
    if (this.ids.size > this.remembered) {
      const oldest = this.ids.values().next().value;
      if (oldest !== undefined) this.ids.delete(oldest);
    }
  }

  has(traceId: string): boolean {
    return this.ids.has(traceId);
  }
}
