import type { FlowExchange } from '../../../../../shared/contract/flows';
import { ProblemFields } from './ProblemFields';
import { is2xx } from '../../../../../shared/http/status';

const pretty = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value, null, 2));

function statusBadge(x: FlowExchange) {
  if (x.status === null) return <span className="badge badge--error">no answer</span>;
  return <span className={`badge ${is2xx(x.status) ? 'badge--ok' : 'badge--error'}`}>{x.status}</span>;
}

/** A validation problem body (docs/service.md#validation-problem) in an answer, if it is one. */
function problemErrors(body: unknown): Record<string, string[]> | null {
  if (!body || typeof body !== 'object' || !('errors' in body)) return null;
  const errors = (body as { errors: unknown }).errors;
  return errors && typeof errors === 'object' ? (errors as Record<string, string[]>) : null;
}

/**
 * Every request of the flow and the service's answer, in order, as sent (secrets masked by the
 * core: bearer values, card number, cvv). The newest is open; the others expand on click.
 */
export function ExchangeLog({ exchanges }: { exchanges: readonly FlowExchange[] }) {
  if (exchanges.length === 0) return <p className="muted">Each request of the flow and its answer will appear here.</p>;
  return (
    <ol className="flow-log" data-testid="flow-log">
      {exchanges.map((x, i) => {
        const errors = x.status === 400 ? problemErrors(x.responseBody) : null;
        return (
          <li key={`${x.startedAt}-${i}`} className="flow-log__item" data-testid="flow-exchange" data-status={x.status ?? 'none'}>
            <details open={i === exchanges.length - 1}>
              <summary className="flow-log__summary">
                <strong>{x.step}</strong> <span className="mono">{x.method} {x.url}</span> {statusBadge(x)}{' '}
                <span className="muted">{Math.round(x.durationMs)} ms</span>
              </summary>
              {x.error && <p className="notice notice--error">{x.error}</p>}
              {errors && <ProblemFields title="The service refused these fields" errors={errors} />}
              <div className="flow-log__bodies">
                <div>
                  <h4>Request</h4>
                  <pre className="flow-pre">
                    {x.requestHeaders.map(([k, v]) => `${k}: ${v}`).join('\n')}
                    {x.requestBody !== null ? `\n\n${pretty(x.requestBody)}` : ''}
                  </pre>
                </div>
                <div>
                  <h4>Response</h4>
                  <pre className="flow-pre" data-testid="flow-response">{x.status === null ? '—' : pretty(x.responseBody)}</pre>
                </div>
              </div>
            </details>
          </li>
        );
      })}
    </ol>
  );
}
