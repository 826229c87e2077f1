import { create } from 'zustand';
import type { FlowExchange, FlowsInfo } from '../../../../../shared/contract/flows';
import type { DeliverySummary } from '../../../../../shared/contract/live';
import type { Transport } from '../../../transport/transport';
import { withOrderEvents, type FlowOrder } from './flow-order-events';

/** The flows that log requests: the card flow and the payment-link flow. */
export type LoggedFlow = 'card' | 'link';

export interface FlowsState {
  readonly info: FlowsInfo | null;
  /** Which flow the log and the events below belong to (null before the first run). */
  readonly flow: LoggedFlow | null;
  readonly loadError: string | null;
  /** Every request of the current flow with its answer, in order. */
  readonly exchanges: FlowExchange[];
  readonly order: FlowOrder;
  /** The listener's deliveries for the current flow's order, in arrival order. */
  readonly events: DeliverySummary[];
}

const NO_ORDER: FlowOrder = { reference: null, orderId: null };

/** The flow runner's slice over a transport: target environment, the current flow's exchanges and live events. */
export function createFlowsStore(transport: Transport) {
  const use = create<FlowsState>(() => ({
    info: null,
    flow: null,
    loadError: null,
    exchanges: [],
    order: NO_ORDER,
    events: [],
  }));
  const { getState, setState } = use;

  async function loadFlowsInfo(): Promise<void> {
    try {
      setState({ info: await transport.call('flows.info', {}), loadError: null });
    } catch (error) {
      setState({ loadError: (error as Error).message });
    }
  }

  /** Starts a new flow of `flow`'s kind: its log and events start empty. */
  function startFlow(order: Partial<FlowOrder>, flow: LoggedFlow): void {
    setState({ flow, exchanges: [], events: [], order: { ...NO_ORDER, ...order } });
  }

  function recordExchange(exchange: FlowExchange): void {
    setState((s) => ({ exchanges: [...s.exchanges, exchange] }));
  }

  /**
   * Names the service's order id once an answer gave it, and picks up what the listener already
   * received for it (a webhook can beat the HTTP answer that names its order).
   */
  async function setFlowOrderId(orderId: string): Promise<void> {
    setState((s) => ({ order: { ...s.order, orderId } }));
    await rescanReceived();
  }

  /** Keeps the deliveries that belong to the current flow's order. */
  function addReceived(deliveries: readonly DeliverySummary[]): void {
    const { order, events } = getState();
    const next = withOrderEvents(events, deliveries, order);
    if (next !== events) setState({ events: next });
  }

  /** Reads the newest received deliveries again (after a reconnect, or once the order id is known). */
  async function rescanReceived(): Promise<void> {
    const { order } = getState();
    if (!order.reference && !order.orderId) return;
    const { rows } = await transport.call('live.list', { limit: 1000 });
    addReceived(rows);
  }

  /**
   * Takes the current flow's deliveries as they arrive, and reads them again after the event
   * stream comes back (those sent meanwhile are lost). Returns the function that stops following.
   */
  function follow(): () => void {
    const stops = [
      transport.subscribe('live.received', ({ deliveries }) => addReceived(deliveries)),
      transport.onReconnect(() => void rescanReceived()),
    ];
    return () => stops.forEach((stop) => stop());
  }

  return { use, getState, loadFlowsInfo, startFlow, recordExchange, setFlowOrderId, addReceived, rescanReceived, follow };
}

export type FlowsStore = ReturnType<typeof createFlowsStore>;

const NOTHING_LOGGED = { exchanges: [] as FlowExchange[], events: [] as DeliverySummary[] };

/**
 * What a flow's tab shows: the log and events of the last run of that flow, nothing from
 * another (the Payment link tab showed the card flow's requests of the same page session).
 */
export function loggedFor(state: Pick<FlowsState, 'flow' | 'exchanges' | 'events'>, tab: LoggedFlow): { exchanges: FlowExchange[]; events: DeliverySummary[] } {
  return state.flow === tab ? { exchanges: state.exchanges, events: state.events } : NOTHING_LOGGED;
}
