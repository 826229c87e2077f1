import type { ChaosReport } from '../../../../../shared/flows/chaos-run';

const SUMMARY = {
  agrees: 'Your handler ended in the state the events lead to.',
  differs: 'Your handler ended in a different state than the events lead to.',
} as const;

/**
 * How the chaos run ended: the handler's state next to the derived one, field by field, with a
 * verdict; the handler's raw answer stays one click away. Its values are the handler's: shown
 * as text, bounded by compareHandlerState.
 */
export function ChaosVerdict({ report }: { report: ChaosReport }) {
  const { derived, handlerState, verdict } = report;
  return (
    <div data-testid="chaos-states">
      {verdict === null || verdict.outcome === 'not-comparable' ? (
        <>
          <p className={verdict ? 'notice notice--warn' : 'muted'} data-testid="chaos-verdict" data-outcome={verdict?.outcome ?? 'none'}>
            {verdict ? `Not compared: ${verdict.reason}.` : "Give your handler's state URL to compare its state with the one the events lead to."}
          </p>
          {derived === null ? (
            <p className="muted" data-testid="chaos-no-derived">
              The scenario file&apos;s order was not received here, so there is no derived state to compare.
            </p>
          ) : (
            <dl className="kv">
              <dt>Order</dt>
              <dd data-testid="chaos-derived-status">{derived.status}</dd>
              <dt>Payment</dt>
              <dd>{derived.payment}</dd>
              <dt>Shipping</dt>
              <dd data-testid="chaos-derived-shipping">{derived.shipping ?? '—'}</dd>
              <dt>3-D Secure</dt>
              <dd>{derived.threeDs ?? '—'}</dd>
            </dl>
          )}
        </>
      ) : (
        <p className={`notice${verdict.outcome === 'differs' ? ' notice--error' : ''}`} data-testid="chaos-verdict" data-outcome={verdict.outcome}>
          {SUMMARY[verdict.outcome]}
        </p>
      )}
      {verdict && verdict.outcome !== 'not-comparable' && (
        <table className="table" data-testid="chaos-compare">
          <thead>
            <tr>
              <th>Field</th>
              <th>The events lead to</th>
              <th>Your handler says</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {verdict.fields.map((f) => (
              <tr key={f.field} data-testid={`chaos-field-${f.field}`} data-outcome={f.outcome}>
                <td>{f.label}</td>
                <td className="mono" data-testid={f.field === 'status' ? 'chaos-derived-status' : undefined}>
                  {f.expected ?? '—'}
                </td>
                <td className="mono">
                  {f.outcome === 'not-reported' ? <span className="muted">not reported</span> : (f.handler ?? 'null')}
                  {f.handlerKey && f.handlerKey !== f.field && <span className="muted"> ({f.handlerKey})</span>}
                </td>
                <td>
                  {f.outcome === 'same' && <span className="badge badge--ok">same</span>}
                  {f.outcome === 'differs' && <span className="badge badge--error">differs</span>}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {handlerState && !handlerState.error && (
        <details>
          <summary>Your handler&apos;s answer</summary>
          <pre className="flow-pre" data-testid="chaos-handler-state">
            {handlerState.status} {JSON.stringify(handlerState.body, null, 2)?.slice(0, 20_000)}
          </pre>
        </details>
      )}
    </div>
  );
}
