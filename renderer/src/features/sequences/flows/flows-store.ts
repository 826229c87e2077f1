import { create } from 'zustand';
import type { FlowExchange, FlowsInfo } from '../../../../../shared/contract/flows';
import type { DeliverySummary } from '../../../../../shared/contract/live';
import { transport } from '../../../transport';
import { withOrderEvents, type FlowOrder } from './flow-order-events';

interface FlowsState {
  readonly info: FlowsInfo | null;
  readonly loadError: string | null;
  /** Every request of the current flow with its answer, in order. */
  readonly exchanges: FlowExchange[];
  readonly order: FlowOrder;
  /** The listener's deliveries for the current flow's order, in arrival order. */
  readonly events: DeliverySummary[];
}

const NO_ORDER: FlowOrder = { reference: null, orderId: null };

/** The flow runner's slice: target environment, the current flow's exchanges and live events. */
export const useFlowsStore = create<FlowsState>(() => ({
  info: null,
  loadError: null,
  exchanges: [],
  order: NO_ORDER,
  events: [],
}));

export async function loadFlowsInfo(): Promise<void> {
  try {
    useFlowsStore.setState({ info: await transport.call('flows.info', {}), loadError: null });
  } catch (error) {
    useFlowsStore.setState({ loadError: (error as Error).message });
  }
}

/** Starts a new flow: its log and events start empty. */
export function startFlow(order: Partial<FlowOrder>): void {
  useFlowsStore.setState({ exchanges: [], events: [], order: { ...NO_ORDER, ...order } });
}

export function recordExchange(exchange: FlowExchange): void {
  useFlowsStore.setState((s) => ({ exchanges: [...s.exchanges, exchange] }));
}

/**
 * Names the service's order id once an answer gave it, and picks up what the listener already
 * received for it (a webhook can beat the HTTP answer that names its order).
 */
export async function setFlowOrderId(orderId: string): Promise<void> {
  useFlowsStore.setState((s) => ({ order: { ...s.order, orderId } }));
  await rescanReceived();
}

/** Keeps the deliveries that belong to the current flow's order. */
export function addReceived(deliveries: readonly DeliverySummary[]): void {
  const { order, events } = useFlowsStore.getState();
  const next = withOrderEvents(events, deliveries, order);
  if (next !== events) useFlowsStore.setState({ events: next });
}

/** Reads the newest received deliveries again (after a reconnect, or once the order id is known). */
export async function rescanReceived(): Promise<void> {
  const { order } = useFlowsStore.getState();
  if (!order.reference && !order.orderId) return;
  const { rows } = await transport.call('live.list', { limit: 1000 });
  addReceived(rows);
}
