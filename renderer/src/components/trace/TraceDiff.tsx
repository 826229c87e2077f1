import { neutraliseBidi } from '../../../../shared/text/bidi';
import { diffTraces } from '../../../../shared/tracing/trace-layout';
import { useTrace } from './use-trace';
import './trace.css';

/**
 * Two traces of the same request side by side (a delivery replayed twice, a tamper preset
 * against an honest send): the spans only one of them has come first, so the idempotency path
 * or the signature rejection stands out.
 */
export function TraceDiff({ left, right, leftLabel, rightLabel }: { left: string; right: string; leftLabel: string; rightLabel: string }) {
  const a = useTrace(left);
  const b = useTrace(right);
  if (a.error || b.error) return <p className="notice notice--error">Loading the traces failed: {a.error ?? b.error}</p>;
  if (a.spans === null || b.spans === null) return <p className="muted">Loading the traces…</p>;
  if (a.spans.length === 0 && b.spans.length === 0) return <p className="muted">Neither request has spans from the handler.</p>;
  const rows = diffTraces(a.spans, b.spans);
  const different = rows.filter((r) => r.left !== r.right).length;
  return (
    <div data-testid="trace-diff">
      <p className="muted">
        {different === 0 ? 'The handler ran the same spans both times.' : `${different} span${different === 1 ? '' : 's'} differ between the two.`}
      </p>
      <table className="trace-diff">
        <thead>
          <tr>
            <th>service</th>
            <th>span</th>
            <th>{leftLabel}</th>
            <th>{rightLabel}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.key} className={r.left === 0 || r.right === 0 ? 'trace-diff__only' : ''} data-testid="trace-diff-row" data-only={r.left === 0 ? 'right' : r.right === 0 ? 'left' : ''}>
              <td>{neutraliseBidi(r.service)}</td>
              <td>
                <code>{neutraliseBidi(r.name)}</code>
              </td>
              <td>{r.left || '—'}</td>
              <td>{r.right || '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
