import { useCallback, useEffect, useRef, useState } from 'react';
import { RECONCILE_CATEGORIES, type ReconciliationView as View } from '../../../../shared/contract/history';
import { RECONCILE_HINTS, RECONCILE_LABELS } from '../../../../shared/history/reconcile-words';
import { useHistory, useHistoryStore } from './history-store';
import { MissedWindows } from './MissedWindows';
import { ReconcileItemsTable } from './ReconcileItemsTable';
import { hrefFor, type Route } from '../../app-state/routes';
import { replaceParams, useRouteParams } from '../../app-state/url-state';
import { Time } from '../../components/ui';
import { agoText } from '../../lib/format';

type Category = View['items'][number]['category'];

const categoryOf = (value: string | undefined): Category | undefined =>
  (RECONCILE_CATEGORIES as readonly string[]).includes(value ?? '') ? (value as Category) : undefined;

const LABELS = RECONCILE_LABELS;
const HINTS = RECONCILE_HINTS;

/**
 * What the service says it sent beside what arrived here, per delivery, with the windows in
 * which nothing arrived and a way to resend them.
 */
export function ReconciliationView({ route }: { route: Route }) {
  const { loadReconciliation, resendBulk } = useHistory();
  const view = useHistoryStore((s) => s.reconciliation);
  // The result stays on screen while deliveries arrive: its age is said, and kept current.
  const [nowMs, setNowMs] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNowMs(Date.now()), 15_000);
    return () => clearInterval(timer);
  }, []);
  // The category is a URL param (`#/history/reconcile?category=lost`), its one home.
  const params = useRouteParams(route);
  const category = categoryOf(params.category);
  const [error, setError] = useState<string | null>(null);
  const run = useCallback(
    (next: Category | undefined, refresh: boolean) => loadReconciliation(next, refresh).then(() => setError(null), (e: Error) => setError(e.message)),
    [loadReconciliation],
  );
  const choose = (next: Category | undefined) => replaceParams((params) => ({ ...params, category: next ?? '' }));
  // Opening the tab computes afresh (a result kept from an earlier visit would be stale); a
  // category chosen within the tab only filters what was computed.
  const opened = useRef(false);
  useEffect(() => {
    const refresh = !opened.current;
    opened.current = true;
    void run(category, refresh);
  }, [run, category]);
  return (
    <div data-testid="history-reconcile">
      <div className="row" style={{ marginBottom: 8 }}>
        <button type="button" className="button button--primary" onClick={() => run(category, true)} data-testid="reconcile-run">
          Reconcile now
        </button>
        {view && (
          <span className="muted" data-testid="reconcile-meta">
            computed at <Time iso={view.computedAt} ms /> in {view.durationMs} ms (
            <span data-testid="reconcile-age">{agoText(view.computedAt, Math.max(nowMs, Date.now()))}</span>; Reconcile now for what arrived since)
          </span>
        )}
      </div>
      {error && <p className="notice notice--error">{error}</p>}
      {view && (
        <>
          <div className="row" style={{ marginBottom: 8 }}>
            {RECONCILE_CATEGORIES.map((c) => (
              <button
                key={c}
                type="button"
                className={`button${category === c ? ' button--primary' : ''}`}
                onClick={() => choose(category === c ? undefined : c)}
                title={HINTS[c]}
                data-testid={`reconcile-count-${c}`}
                data-count={view.counts[c] ?? 0}
              >
                {LABELS[c]}: {view.counts[c] ?? 0}
              </button>
            ))}
          </div>
          {view.leftOut.map((group) => (
            <p key={group.keyId} className="notice notice--warn" data-testid="reconcile-left-out" data-deliveries={group.deliveries}>
              {group.message} <a href={hrefFor('settings', 'listener')}>Webhook keys in Settings</a>
            </p>
          ))}
          {category && <p className="muted">{HINTS[category]}</p>}
          {category === 'refused-by-handler' && view.items.length > 0 && (
            <p className="row">
              <button
                type="button"
                className="button button--small"
                onClick={() => void resendBulk([...new Set(view.items.flatMap((i) => (i.eventId === null ? [] : [i.eventId])))])}
                data-testid="resend-refused"
              >
                Resend these events (your handler fixed)
              </button>
              <span className="muted">Their events stay pending at the service until a delivery is accepted.</span>
            </p>
          )}
          {view.windows.length > 0 && <MissedWindows windows={view.windows} />}
          <ReconcileItemsTable items={view.items} labels={LABELS} params={params} />
          {view.totalItems > view.items.length && (
            <p className="muted">
              Showing the first {view.items.length} of {view.totalItems}; pick a category to narrow.
            </p>
          )}
        </>
      )}
    </div>
  );
}
