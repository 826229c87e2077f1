import { useEffect, useState } from 'react';
import { formatCount } from '../../lib/format';
import { useEvent, useTransport } from '../../transport';

interface TypeCounts {
  readonly eventType: string;
  readonly delivered: number;
  readonly failed: number;
}

/**
 * Per event type, how many events the service delivered and how many it has not, as bars
 * (history.byEventType, counted in SQLite over the local copy). Counts are written beside each
 * bar, so colour is never the only signal.
 */
export function EventTypeBars() {
  const transport = useTransport();
  const [types, setTypes] = useState<readonly TypeCounts[] | null>(null);
  const load = () =>
    void transport.call('history.byEventType', {}).then(
      (r) => setTypes(r.types),
      () => setTypes([]),
    );
  useEffect(load, [transport]);
  useEvent('history.updated', load);
  if (!types || types.length === 0) return null;
  const peak = Math.max(...types.map((t) => t.delivered + t.failed));
  return (
    <figure className="type-bars" data-testid="history-type-bars">
      <figcaption className="type-bars__title">Events by type: delivered / not delivered by the service</figcaption>
      <ul className="type-bars__list">
        {types.map((t) => (
          <li key={t.eventType} className="type-bars__row" data-testid="history-type-bar" data-type={t.eventType}>
            <span className="type-bars__name">{t.eventType}</span>
            <span className="type-bars__track" aria-hidden="true">
              <span className="type-bars__bar type-bars__bar--delivered" style={{ width: `${(100 * t.delivered) / peak}%` }} />
              <span className="type-bars__bar type-bars__bar--failed" style={{ width: `${(100 * t.failed) / peak}%` }} />
            </span>
            <span className="type-bars__counts">
              {formatCount(t.delivered)} delivered{t.failed > 0 ? `, ${formatCount(t.failed)} not` : ''}
            </span>
          </li>
        ))}
      </ul>
    </figure>
  );
}
