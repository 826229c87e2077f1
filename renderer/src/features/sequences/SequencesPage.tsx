import type { ReactNode } from 'react';
import { hrefFor, navigate, useRoute } from '../../app-state/routes';
import { useLeftPlace } from '../../app-state/page-memory';
import { FlowsPanel } from './flows/FlowsPanel';
import { flowKindOfRest, sequencesTabOfRest, type SequencesTab } from './sequences-route';
import { OrdersView } from './OrdersView';
import './sequences.css';
import { Tabs } from '../../components/Tabs';

const TABS: Array<[SequencesTab, string]> = [
  ['orders', 'Orders'],
  ['flows', 'Flows'],
];

/**
 * The Sequences area: every order's events grouped, ordered and judged against the spec's
 * state machines (Orders), and the card / payment-link flow runner (Flows). `scenarios` is the
 * sandbox's scenario panel, which the shell passes in for the Flows tab.
 */
export function SequencesPage({ scenarios }: { scenarios?: ReactNode }) {
  // `#/sequences/<orderId>` selects the order (Orders tab); `#/sequences/flows/<kind>` is a flow.
  const route = useRoute();
  const { rest } = route;
  const tab = sequencesTabOfRest(rest);
  // Where the Orders tab was left (its open order, filters and sort), so coming back from Flows returns there.
  const ordersPlace = useLeftPlace('sequences.orders', tab === 'orders' ? route : null);
  const selectedId = tab === 'orders' && rest ? safeDecode(rest) : null;
  return (
    <section className={`page sequences-page sequences-page--${tab}`} data-testid="page-sequences">
      <h1 className="page__title">Sequences</h1>
      <Tabs
        tabs={TABS}
        value={tab}
        onChange={(id) => {
          const orders = ordersPlace() ?? { rest: '', params: {} };
          navigate(id === 'flows' ? hrefFor('sequences', 'flows') : hrefFor('sequences', orders.rest, orders.params));
        }}
        testIdPrefix="sequences-tab"
        className="sequences-tabs"
      />
      {tab === 'orders' && <OrdersView route={route} selectedId={selectedId} />}
      {tab === 'flows' && (
        <FlowsPanel scenarios={scenarios} kind={flowKindOfRest(rest)} onKind={(kind) => navigate(hrefFor('sequences', `flows/${kind}`))} />
      )}
    </section>
  );
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
