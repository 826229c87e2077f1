import { useCallback, useEffect, useState } from 'react';
import type { TraceSpan } from '../../../../shared/contract/tracing';
import { useEvent, useTransport } from '../../transport/use-transport';

export interface TraceState {
  readonly spans: TraceSpan[] | null;
  readonly error: string | null;
}

/** The spans of one trace, read again whenever the receiver keeps new spans for it. */
export function useTrace(traceId: string | null): TraceState {
  const transport = useTransport();
  const [state, setState] = useState<TraceState>({ spans: null, error: null });
  const load = useCallback(() => {
    if (traceId === null) return;
    transport.call('traces.get', { traceId }).then(
      (trace) => setState((now) => (trace.traceId === traceId ? { spans: trace.spans, error: null } : now)),
      (error: Error) => setState({ spans: null, error: error.message }),
    );
  }, [transport, traceId]);
  useEffect(() => {
    setState({ spans: null, error: null });
    load();
  }, [load]);
  useEvent('traces.received', ({ traceIds }) => {
    if (traceId !== null && traceIds.includes(traceId)) load();
  });
  return state;
}
