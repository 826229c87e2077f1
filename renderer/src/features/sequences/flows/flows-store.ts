import { create } from 'zustand';
import type { FlowExchange, FlowsInfo } from '../../../../../shared/contract/flows';
import type { DeliverySummary } from '../../../../../shared/contract/live';
import { transport } from '../../../transport';

/** Which order the running flow is about: its events are matched by either key. */
export interface FlowOrder {
  /** The integrator's order id sent in the charge (`orderReference` of its events). */
  readonly reference: string | null;
  /** The service's order id, once an answer named it (`orderId` of its events). */
  readonly orderId: string | null;
}

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
  const known = new Set(events.map((e) => e.id));
  const mine = deliveries.filter((d) => !known.has(d.id) && belongs(d, order));
  if (mine.length > 0) useFlowsStore.setState({ events: [...events, ...mine].sort((a, b) => a.id - b.id) });
}

/** Reads the newest received deliveries again (after a reconnect, or once the order id is known). */
export async function rescanReceived(): Promise<void> {
  const { order } = useFlowsStore.getState();
  if (!order.reference && !order.orderId) return;
  const { rows } = await transport.call('live.list', { limit: 1000 });
  addReceived(rows);
}

function belongs(d: DeliverySummary, order: FlowOrder): boolean {
  return (order.orderId !== null && d.orderId === order.orderId) || (order.reference !== null && d.orderReference === order.reference);
}
