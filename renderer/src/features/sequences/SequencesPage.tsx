import { useState, type ComponentType } from 'react';
import { useRoute } from '../../app/routes';
import { OrdersView } from './OrdersView';
import './sequences.css';

/**
 * The flow runner's panel, built beside this page in `./flows/`. Picked up by a glob so this
 * page builds before and after it exists: until then the Flows tab renders nothing.
 */
const flowsModules = import.meta.glob<{ FlowsPanel: ComponentType }>('./flows/FlowsPanel.tsx', { eager: true });
const FlowsPanel: ComponentType | undefined = Object.values(flowsModules)[0]?.FlowsPanel;

type SequencesTab = 'orders' | 'flows';

const TABS: Array<[SequencesTab, string]> = [
  ['orders', 'Orders'],
  ['flows', 'Flows'],
];

/**
 * The Sequences area: every order's events grouped, ordered and judged against the spec's
 * state machines (Orders), and the card / payment-link flow runner (Flows).
 */
export function SequencesPage() {
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
      <nav className="row sequences-tabs" role="tablist">
        {TABS.map(([id, label]) => (
          <button
            key={id}
            type="button"
            role="tab"
            aria-selected={tab === id}
            className={`button${tab === id ? ' button--primary' : ''}`}
            onClick={() => setTab(id)}
            data-testid={`sequences-tab-${id}`}
          >
            {label}
          </button>
        ))}
      </nav>
      {tab === 'orders' && <OrdersView selectedId={selectedId} />}
      {tab === 'flows' && FlowsPanel && <FlowsPanel />}
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
