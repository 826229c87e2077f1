import type { Flag, SequenceEvent } from '../../../../shared/contract/sequences';
import { ImportedBadge } from '../../components/ImportedBadge';
import { importedFiles } from './imported-events';
import { EventLinks } from './event-links';
import { badgeTone, Time } from '../../components/ui';
import { capSummaryField } from '../../../../shared/text/summary-field';

function copiesText(e: SequenceEvent): string {
  const s = e.duplicateSources;
  const parts = [s.retry && `${s.retry} retry`, s.resend && `${s.resend} resend`, s.secondUrl && `${s.secondUrl} 2nd URL`].filter(Boolean);
  return `×${e.copies}${parts.length ? ` (${parts.join(', ')})` : ''}`;
}

const SIGNATURE_TEXT: Record<SequenceEvent['signature'], { text: string; title: string }> = {
  verified: { text: 'verified', title: 'A copy verified with your key, or the service logged it' },
  unverified: { text: 'unverified', title: 'A key is configured and no copy verified: kept apart, not used for the states' },
  unchecked: { text: 'no key', title: 'Received with no key configured: nothing could verify it' },
};

/**
 * What the event says beyond its type, as one timeline line: sender text, so capped and with
 * bidi controls shown inert (capSummaryField).
 */
function eventGist(e: SequenceEvent): string {
  return capSummaryField(rawGist(e));
}

/** The shipping move, the 3-D Secure id, or the description. */
function rawGist(e: SequenceEvent): string {
  const m = e.metadata ?? {};
  if (e.type === 'Updated' && m['PreviousStatus'] !== undefined)
    return `${String(m['PreviousStatus'])} → ${String(m['NewStatus'])}${m['PreparationEtaMinutes'] !== undefined ? ` · ETA ${String(m['PreparationEtaMinutes'])} min` : ''}`;
  if (typeof m['authenticationId'] === 'string') return `auth ${m['authenticationId']}${typeof m['reason'] === 'string' ? ` · ${m['reason']}` : ''}`;
  return e.description ?? '';
}

/**
 * The order's events in event-created order, the arrival rank beside the creation rank: a row
 * whose ranks differ arrived out of order. Copies are collapsed into one row with their count.
 * A grid of rows rather than a <table>: each row skips layout and paint while off screen
 * (content-visibility), which table rows cannot, so a 1,000-event order opens at once.
 */
export function Timeline({ events, flags, highlighted }: { events: readonly SequenceEvent[]; flags: readonly Flag[]; highlighted: ReadonlySet<string> }) {
  const flagged = new Map<string, string[]>();
  for (const f of flags) {
    const key = f.eventKeys[0];
    if (key) flagged.set(key, [...(flagged.get(key) ?? []), f.kind]);
  }
  return (
    <div className="seq-timeline" role="table" aria-label="Events of the order" data-testid="sequence-timeline">
      <div className="seq-tl-row seq-tl-row--head" role="row">
        <span role="columnheader" title="Position by event-created time">#</span>
        <span role="columnheader" title="Position by arrival">arrived #</span>
        <span role="columnheader">Event</span>
        <span role="columnheader">Created</span>
        <span role="columnheader">Arrived</span>
        <span role="columnheader">Copies</span>
        <span role="columnheader">Flags</span>
        <span role="columnheader">Open</span>
      </div>
      {events.map((e) => {
        const kinds = flagged.get(e.key) ?? [];
        const moved = e.arrivalRank !== e.createdRank;
        return (
          <div
            key={e.key}
            role="row"
            className={`seq-tl-row${kinds.length > 0 ? ' seq-row--flagged' : ''}${highlighted.has(e.key) ? ' seq-row--highlighted' : ''}`}
            data-testid="timeline-row"
            data-type={e.type}
            data-key={e.key}
            data-flags={kinds.join(' ')}
          >
            <span role="cell" className="mono">
              {e.createdRank}
            </span>
            <span role="cell" className={`mono${moved ? ' seq-rank--moved' : ''}`} data-testid="arrival-rank">
              {e.arrivalRank}
              {moved && (e.arrivalRank > e.createdRank ? ' ↓' : ' ↑')}
            </span>
            <span role="cell">
              <strong>{e.type}</strong>{' '}
              <span
                className={`badge badge--${badgeTone(SIGNATURE_TEXT[e.signature].text)} seq-signature seq-signature--${e.signature}`}
                title={SIGNATURE_TEXT[e.signature].title}
                data-testid="event-signature"
                data-signature={e.signature}
              >
                {SIGNATURE_TEXT[e.signature].text}
              </span>{' '}
              {importedFiles([e]).length > 0 && (
                <>
                  <ImportedBadge fileNames={importedFiles([e])} testId="event-imported" />{' '}
                </>
              )}
              <span className="muted">{eventGist(e)}</span>
              {e.problems.map((p) => (
                <span key={p} className="seq-problem">
                  {p}
                </span>
              ))}
            </span>
            <span role="cell" className="mono">
              {e.created ? <Time iso={e.created} ms /> : <span className="muted" title="not logged by the service: no X-Svc-Event-Created">unlogged</span>}
            </span>
            <span role="cell" className="mono">
              <Time iso={e.arrivedAt} ms />
            </span>
            <span role="cell" className="mono" data-testid="event-copies" data-copies={e.copies}>
              {e.copies > 1 ? copiesText(e) : ''}
            </span>
            <span role="cell">
              {kinds.map((k) => (
                <span key={k} className={`badge seq-flag seq-flag--${k}`}>
                  {k}
                </span>
              ))}
            </span>
            <span role="cell">
              <EventLinks event={e} />
            </span>
          </div>
        );
      })}
    </div>
  );
}
