import { useEffect, useState } from 'react';
import type { TraceSpan } from '../../../../shared/contract/tracing';
import { neutraliseBidi } from '../../../../shared/text/bidi';
import { exceptionsOf, formatDuration, layoutTrace, type WaterfallRow } from '../../../../shared/tracing/trace-layout';
import { TracingHelp } from './TracingHelp';
import { Badge, Notice } from '../ui';
import { useTrace } from './use-trace';
import './trace.css';

/** How long a trace may stay empty before the set-up help shows: SDKs batch spans for a few seconds. */
const HELP_AFTER_MS = 6_000;

function Attributes({ attributes }: { attributes: TraceSpan['attributes'] }) {
  const entries = Object.entries(attributes);
  if (entries.length === 0) return null;
  return (
    <details className="trace-span__attributes" data-testid="span-attributes">
      <summary>Attributes ({entries.length})</summary>
      <table>
        <tbody>
          {entries.map(([key, value]) => (
            <tr key={key}>
              <th>{neutraliseBidi(key)}</th>
              <td>
                <code>{neutraliseBidi(typeof value === 'string' ? value : JSON.stringify(value))}</code>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}

function SpanRow({ row }: { row: WaterfallRow }) {
  const { span } = row;
  const exceptions = exceptionsOf(span);
  const others = span.events.filter((e) => e.name !== 'exception');
  return (
    <details className={`trace-span trace-span--${span.status}`} open={span.status === 'error'} data-testid="trace-span" data-status={span.status}>
      <summary className="trace-span__row">
        <span className="trace-span__service">{neutraliseBidi(span.service)}</span>
        <span className="trace-span__name" style={{ paddingLeft: `${row.depth * 14}px` }} title={span.name}>
          {neutraliseBidi(span.name)}
        </span>
        <span className="trace-span__track">
          <span className="trace-span__bar" style={{ left: `${row.offsetPct}%`, width: `${row.widthPct}%` }} />
        </span>
        <span className="trace-span__duration">{formatDuration(span.durationMs)}</span>
        <Badge tone={span.status === 'error' ? 'error' : span.status === 'ok' ? 'ok' : 'neutral'}>{span.status}</Badge>
      </summary>
      <div className="trace-span__detail">
        {exceptions.map((e, i) => (
          <div key={i} className="trace-span__exception" data-testid="span-exception">
            <strong>{neutraliseBidi(e.type ? `${e.type}: ${e.message}` : e.message)}</strong>
            {/* Focusable: a long stack scrolls, and keyboard users scroll it too. */}
            {e.stack && (
              <pre tabIndex={0} aria-label="Stack trace">
                {neutraliseBidi(e.stack)}
              </pre>
            )}
          </div>
        ))}
        {others.length > 0 && (
          <ul className="trace-span__events">
            {others.map((e, i) => (
              <li key={i}>
                <code>{neutraliseBidi(e.name)}</code>
              </li>
            ))}
          </ul>
        )}
        <Attributes attributes={span.attributes} />
      </div>
    </details>
  );
}

/**
 * The handler's spans for one request Hooklab sent (a forward, a replay, a check): service,
 * span name, duration bar and status per span; error spans open with their exception;
 * attributes on demand. With no spans after a few seconds, how to turn tracing on.
 */
export function TraceWaterfall({ traceId }: { traceId: string | null }) {
  const { spans, error } = useTrace(traceId);
  const [waitedLong, setWaitedLong] = useState(false);
  useEffect(() => {
    setWaitedLong(false);
    const timer = setTimeout(() => setWaitedLong(true), HELP_AFTER_MS);
    return () => clearTimeout(timer);
  }, [traceId]);
  if (traceId === null) return <p className="muted">No trace: sent before Hooklab added a traceparent.</p>;
  if (error) return <Notice tone="error">Loading the trace failed: {error}</Notice>;
  if (spans === null) return <p className="muted">Loading the trace…</p>;
  if (spans.length === 0) {
    return waitedLong ? (
      <TracingHelp />
    ) : (
      <p className="muted" data-testid="trace-waiting">
        Waiting for the handler&apos;s spans (trace <code>{traceId}</code>)…
      </p>
    );
  }
  return (
    <div className="trace-waterfall" data-testid="trace-waterfall" data-trace-id={traceId}>
      {layoutTrace(spans).map((row) => (
        <SpanRow key={row.span.spanId} row={row} />
      ))}
    </div>
  );
}
