import type { Flag, SequenceEvent } from '../../../../shared/contract/sequences';
import { EventLinks } from './event-links';
import { clockTime } from './order-columns';

function copiesText(e: SequenceEvent): string {
  const s = e.duplicateSources;
  const parts = [s.retry && `${s.retry} retry`, s.resend && `${s.resend} resend`, s.secondUrl && `${s.secondUrl} 2nd URL`].filter(Boolean);
  return `×${e.copies}${parts.length ? ` (${parts.join(', ')})` : ''}`;
}

/** What the event says beyond its type: the shipping move, the 3-D Secure id, the description. */
function eventGist(e: SequenceEvent): string {
  const m = e.metadata ?? {};
  if (e.type === 'Updated' && m['PreviousStatus'] !== undefined)
    return `${String(m['PreviousStatus'])} → ${String(m['NewStatus'])}${m['PreparationEtaMinutes'] !== undefined ? ` · ETA ${String(m['PreparationEtaMinutes'])} min` : ''}`;
  if (typeof m['authenticationId'] === 'string') return `auth ${m['authenticationId']}${typeof m['reason'] === 'string' ? ` · ${m['reason']}` : ''}`;
  return e.description ?? '';
}

/**
 * The order's events in event-created order, the arrival rank beside the creation rank: a row
 * whose ranks differ arrived out of order. Copies are collapsed into one row with their count.
 */
export function Timeline({ events, flags, highlighted }: { events: readonly SequenceEvent[]; flags: readonly Flag[]; highlighted: ReadonlySet<string> }) {
  const flagged = new Map<string, string[]>();
  for (const f of flags) {
    const key = f.eventKeys[0];
    if (key) flagged.set(key, [...(flagged.get(key) ?? []), f.kind]);
  }
  return (
    <table className="table seq-timeline" data-testid="sequence-timeline">
      <thead>
        <tr>
          <th title="Position by event-created time">#</th>
          <th title="Position by arrival">arrived #</th>
          <th>Event</th>
          <th>Created</th>
          <th>Arrived</th>
          <th>Copies</th>
          <th>Flags</th>
          <th>Open</th>
        </tr>
      </thead>
      <tbody>
        {events.map((e) => {
          const kinds = flagged.get(e.key) ?? [];
          const moved = e.arrivalRank !== e.createdRank;
          return (
            <tr
              key={e.key}
              className={`${kinds.length > 0 ? 'seq-row--flagged' : ''} ${highlighted.has(e.key) ? 'seq-row--highlighted' : ''}`}
              data-testid="timeline-row"
              data-type={e.type}
              data-key={e.key}
              data-flags={kinds.join(' ')}
            >
              <td className="mono">{e.createdRank}</td>
              <td className={`mono ${moved ? 'seq-rank--moved' : ''}`} data-testid="arrival-rank">
                {e.arrivalRank}
                {moved && (e.arrivalRank > e.createdRank ? ' ↓' : ' ↑')}
              </td>
              <td>
                <strong>{e.type}</strong> <span className="muted">{eventGist(e)}</span>
                {e.problems.map((p) => (
                  <div key={p} className="seq-problem">
                    {p}
                  </div>
                ))}
              </td>
              <td className="mono seq-time" title={e.created ?? 'not logged by the service: no X-Svc-Event-Created'}>
                {e.created ? clockTime(e.created) : <span className="muted">unlogged</span>}
              </td>
              <td className="mono seq-time" title={e.arrivedAt ?? ''}>
                {clockTime(e.arrivedAt)}
              </td>
              <td className="mono" data-testid="event-copies" data-copies={e.copies}>
                {e.copies > 1 ? copiesText(e) : ''}
              </td>
              <td>
                {kinds.map((k) => (
                  <span key={k} className={`badge seq-flag seq-flag--${k}`}>
                    {k}
                  </span>
                ))}
              </td>
              <td>
                <EventLinks event={e} />
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
