import { useState, type ReactNode } from 'react';
import { useRoute } from '../../app-state/routes';
import { FlowsPanel } from './flows/FlowsPanel';
import { OrdersView } from './OrdersView';
import './sequences.css';
import { Tabs } from '../../components/Tabs';

type SequencesTab = 'orders' | 'flows';

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
  const [tab, setTab] = useState<SequencesTab>('orders');
  // `#/sequences/<orderId>` selects the order (and shows the Orders tab).
  const { rest } = useRoute();
  const selectedId = rest ? safeDecode(rest) : null;
  const [linkedId, setLinkedId] = useState(selectedId);
  if (selectedId !== linkedId) {
    setLinkedId(selectedId);
    if (selectedId !== null) setTab('orders');
  }
  return (
    <section className={`page sequences-page sequences-page--${tab}`} data-testid="page-sequences">
      <h1 className="page__title">Sequences</h1>
      <Tabs tabs={TABS} value={tab} onChange={setTab} testIdPrefix="sequences-tab" className="sequences-tabs" />
      {tab === 'orders' && <OrdersView selectedId={selectedId} />}
      {tab === 'flows' && <FlowsPanel scenarios={scenarios} />}
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
