import type { ChaosSend } from '../../../../../shared/flows/chaos-run';
import { is2xx } from '../../../../../shared/http/status';

/** Each send of the chaos run so far, in order, with what your handler answered. */
export function ChaosSends({ sends }: { sends: readonly ChaosSend[] }) {
  // Events sent twice (the plan's second copies), so both of their rows say so.
  const duplicated = new Set(
    sends.filter((s) => s.copy === 2).map((s) => `${s.type}#${s.eventId}`),
  );
  return (
    <table className="table" data-testid="chaos-sends">
      <thead>
        <tr>
          <th>#</th>
          <th>Event</th>
          <th>Event id</th>
          <th>Copy</th>
          <th>Delay</th>
          <th>Your handler answered</th>
        </tr>
      </thead>
      <tbody>
        {sends.map((s) => (
          <tr key={s.position} data-testid="chaos-send">
            <td className="mono">{s.position}</td>
            <td>{s.type}</td>
            <td className="mono">{s.eventId ?? 'none (unlogged original)'}</td>
            <td>
              {duplicated.has(`${s.type}#${s.eventId}`) ? (
                <span className="badge">copy {s.copy} of 2</span>
              ) : (
                'once'
              )}
            </td>
            <td className="mono">{s.delayMs} ms</td>
            <td>
              {s.status !== null ? (
                <span className={`badge ${is2xx(s.status) ? 'badge--ok' : 'badge--error'}`}>
                  {s.status}
                </span>
              ) : (
                <span className="badge badge--error">{s.error ?? 'no answer'}</span>
              )}{' '}
              {s.latencyMs !== null && <span className="muted">{Math.round(s.latencyMs)} ms</span>}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
