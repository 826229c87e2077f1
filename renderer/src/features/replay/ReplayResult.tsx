import type { ReplayDetail } from '../../../../shared/contract/replay';
import { HeaderTable } from '../../components/HeaderTable';
import { base64ToBytes, hexDump } from '../../lib/curl';
import { is2xx } from '../../../../shared/http/status';
import { TraceWaterfall } from '../../components/trace/TraceWaterfall';
import { formatBytes } from '../../lib/format';

function BodyText({ text, base64 }: { text: string | null; base64: string }) {
  return <pre className="replay-pre">{text ?? hexDump(base64ToBytes(base64))}</pre>;
}

/** Status class for badges: 2xx ok, anything else (or no answer) an error. */
export function statusTone(status: number | null): string {
  return is2xx(status) ? 'badge badge--ok' : 'badge badge--error';
}

/** One replay: the handler's answer (or the connection error), then the request exactly as sent. */
export function ReplayResult({ detail, compact = false }: { detail: ReplayDetail; compact?: boolean }) {
  const { summary, request, response } = detail;
  return (
    <div className="replay-result" data-testid="replay-result" data-status={summary.status ?? 'error'}>
      <div className="row">
        <span className={statusTone(summary.status)} data-testid="replay-result-status">
          {summary.status ?? 'no answer'}
        </span>
        <span className="mono">
          #{summary.id} {request.method} {request.url}
        </span>
        {summary.latencyMs !== null && <span className="muted">{Math.round(summary.latencyMs)} ms</span>}
        {summary.eventId && <span className="muted">event id {summary.eventId}</span>}
      </div>
      {summary.error && (
        <p className="notice notice--error" data-testid="replay-result-error">
          {summary.error}
        </p>
      )}
      {response?.location && (
        <p className="notice notice--warn">
          Redirect to <code>{response.location}</code>, not followed: a webhook sender does not follow redirects.
        </p>
      )}
      {response && !compact && (
        <>
          <h4>Response body{response.truncated ? ` (first 256 KiB of ${formatBytes(response.bodySize)})` : ''}</h4>
          <div data-testid="replay-result-body">
            <BodyText text={response.bodyText} base64={response.bodyBase64} />
          </div>
          <details>
            <summary>Response headers ({response.headers.length})</summary>
            <HeaderTable headers={response.headers} testId="replay-result-response-headers" />
          </details>
          <details open data-testid="replay-result-trace">
            <summary>What the handler did (trace)</summary>
            <TraceWaterfall traceId={summary.traceId} />
          </details>
        </>
      )}
      {!compact && (
        <details>
          <summary>Request as sent ({formatBytes(request.bodySize)}{request.keyLabel ? `, signed with “${request.keyLabel}”` : ''})</summary>
          <HeaderTable headers={request.headers} testId="replay-result-request-headers" />
          <BodyText text={request.bodyText} base64={request.bodyBase64} />
        </details>
      )}
    </div>
  );
}
