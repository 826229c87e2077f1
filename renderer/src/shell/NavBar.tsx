import { AREA_LABELS, AREAS, areaHref, type Area } from '../app-state/routes';
import { usePendingStore } from '../app-state/pending-store';

/** The History entry's badge: events the service could not deliver, seen from every area. */
function PendingBadge() {
  const pending = usePendingStore((s) => s.pending);
  if (!pending) return null;
  return (
    <span className="nav__badge" data-testid="nav-history-pending" data-count={pending} title={`${pending} pending events: none of their deliveries succeeded`}>
      {pending}
    </span>
  );
}

/** Left navigation: one link per area. */
export function NavBar({ current }: { current: Area }) {
  return (
    <nav className="nav" aria-label="Areas">
      <div className="nav__brand">Hooklab</div>
      {AREAS.map((area) => (
        <a
          key={area}
          href={area === current ? `#/${area}` : areaHref(area)}
          className={area === current ? 'nav__link nav__link--active' : 'nav__link'}
          aria-current={area === current ? 'page' : undefined}
          data-testid={`nav-${area}`}
        >
          {AREA_LABELS[area]}
          {area === 'history' && <PendingBadge />}
        </a>
      ))}
    </nav>
  );
}
