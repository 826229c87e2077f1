import { useEffect, useState } from 'react';
import { useStatusStore } from '../../app-state/status-store';
import { Tabs } from '../../components/Tabs';
import { useEvent, useTransport } from '../../transport';
import { DiffPanel } from './DiffPanel';
import { EventsView } from './EventsView';
import { HistoryBrowser } from './HistoryBrowser';
import { ReconciliationView } from './ReconciliationView';
import { ResendOutcome } from '../../components/ResendOutcome';
import { SentElsewhereBanner } from '../../components/SentElsewhereBanner';
import { TunnelNotice } from '../../components/TunnelNotice';
import { useHistory, openTab, tabOfRoute, useHistoryStore, type HistoryTab } from './history-store';
import type { Route } from '../../app-state/routes';
import './history.css';
import { plural } from '../../../../shared/text/plural';
import { Time } from '../../components/ui';

const TABS: Array<[HistoryTab, string]> = [
  ['events', 'Events'],
  ['browser', 'Browse the service'],
  ['reconcile', 'Reconciliation'],
  ['diff', 'Diff'],
];

/** The poller's line: what it is doing, how far it got, and its last error. */
function PollerLine() {
  const transport = useTransport();
  const poller = useStatusStore((s) => s.status?.poller);
  const [polling, setPolling] = useState(false);
  if (!poller) return null;
  return (
    <div className="row history-poller" data-testid="history-poller" data-state={poller.state}>
      <span>
        Poller: <strong data-testid="history-poller-state">{poller.state}</strong>
      </span>
      {poller.cursor !== null && <span className="muted">cursor {poller.cursor}</span>}
      <span className="muted">{poller.fetched} fetched</span>
      {poller.lastPollAt && (
        <span className="muted">
          last poll <Time iso={poller.lastPollAt} />
        </span>
      )}
      {poller.error && (
        <span className="notice notice--error" data-testid="history-poller-error">
          {poller.error}
        </span>
      )}
      <button
        type="button"
        className="button button--small"
        disabled={polling}
        onClick={() => {
          setPolling(true);
          void transport.call('history.pollNow', {}).finally(() => setPolling(false));
        }}
        data-testid="history-poll-now"
      >
        Poll now
      </button>
    </div>
  );
}

/**
 * The History area: what the service says it sent (its delivery history, polled into a local
 * copy), grouped into events with pending ones always counted, beside what arrived here.
 * The tab and the open event are in the URL: `#/history/<tab>`, `#/history/events/<eventId>`.
 */
export function HistoryPage({ route }: { route: Route }) {
  const { loadEvents, loadSummary } = useHistory();
  const { summary, summaryError, lastResend, resendError, resending } = useHistoryStore();
  const tab = tabOfRoute(route.rest);
  const openEvent = /^events\/(\d+)$/.exec(route.rest)?.[1];
  const transport = useTransport();
  useEffect(() => {
    void loadSummary();
    return transport.onReconnect(() => {
      void loadSummary();
      void loadEvents();
    });
  }, [transport, loadSummary, loadEvents]);
  useEvent('history.updated', () => {
    void loadSummary();
    if (tab === 'events') void loadEvents();
  });
  useEvent('settings.changed', () => {
    void loadSummary();
    void loadEvents();
  });
  return (
    <section className="page history-page" data-testid="page-history">
      <h1 className="page__title">
        History
        {summary && (
          <span className={`badge ${summary.isSandbox ? 'badge--sandbox' : ''}`} data-testid="history-environment">
            {summary.environmentName}
          </span>
        )}
        {summary && (
          <span className={`badge ${summary.pendingEvents > 0 ? 'badge--error' : 'badge--ok'}`} data-testid="history-pending-count" data-count={summary.pendingEvents}>
            {summary.pendingEvents} pending
          </span>
        )}
      </h1>
      <p className="page__lead">
        The service&apos;s own record of every delivery it sent, kept in a local copy, beside what arrived at this listener.
      </p>
      {summaryError && <p className="notice notice--error">{summaryError}</p>}
      {summary && !summary.available && (
        <p className="notice notice--warn" data-testid="history-unavailable">
          The active environment is not available yet. Start the sandbox or set the environment&apos;s credentials in Settings.
        </p>
      )}
      {summary && (
        <p className="muted" data-testid="history-counts">
          {plural(summary.deliveries, 'delivery', 'deliveries')} in {plural(summary.events, 'event')} · {summary.inFlight} in flight · cursor {summary.cursor}
        </p>
      )}
      <PollerLine />
      <TunnelNotice />
      <SentElsewhereBanner />
      {resending !== null && (
        <p className="notice" data-testid="resend-in-progress" aria-live="polite">
          Resending {resending}… waiting for the service to deliver it.
        </p>
      )}
      {lastResend && <ResendOutcome outcome={lastResend} />}
      {resendError && (
        <p className="notice notice--error" data-testid="resend-error">
          {resendError}
        </p>
      )}
      <Tabs tabs={TABS} value={tab} onChange={openTab} testIdPrefix="history-tab" className="history-tabs" />
      {tab === 'events' && <EventsView route={route} openEventId={openEvent !== undefined ? Number(openEvent) : null} />}
      {tab === 'browser' && <HistoryBrowser route={route} />}
      {tab === 'reconcile' && <ReconciliationView route={route} />}
      {tab === 'diff' && <DiffPanel />}
    </section>
  );
}
