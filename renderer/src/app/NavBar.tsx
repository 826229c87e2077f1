import { AREA_LABELS, AREAS, hrefFor, type Area } from './routes';

/** Left navigation: one link per area. */
export function NavBar({ current }: { current: Area }) {
  return (
    <nav className="nav" aria-label="Areas">
      <div className="nav__brand">Hooklab</div>
      {AREAS.map((area) => (
        <a
          key={area}
          href={hrefFor(area)}
          className={area === current ? 'nav__link nav__link--active' : 'nav__link'}
          aria-current={area === current ? 'page' : undefined}
          data-testid={`nav-${area}`}
        >
          {AREA_LABELS[area]}
        </a>
      ))}
    </nav>
  );
}
