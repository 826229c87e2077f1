import { create } from 'zustand';
import type { BadInput, OrderDetail, OrderSummary } from '../../../../shared/contract/sequences';
import type { CallResult } from '../../../../shared/contract';
import type { Transport } from '../../transport/transport';
import { createLatestOnly } from '../../lib/latest-wins';
import { ALL_ORDERS, orderQuery, type OrderFilters } from './order-query';

export interface SequencesState {
  readonly orders: OrderSummary[];
  readonly total: number;
  readonly allOrders: number;
  readonly orderTypes: string[];
  readonly unassigned: BadInput[];
  readonly unassignedTotal: number;
  readonly listError: string | null;
  readonly loaded: boolean;
  readonly selectedId: string | null;
  readonly detail: OrderDetail | null;
  readonly detailError: string | null;
}

/** The list is loaded whole (virtualized on screen); beyond this many matches, narrow the filters. */
export const MAX_LISTED = 50_000;

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** The newest orders come first, so the list shows before 20,000 summaries have travelled. */
const FIRST_PAGE = 500;

/**
 * The Sequences area's slice over a transport: the orders matching the filters it is shown (the
 * Orders tab's URL params, their one home: the slice keeps no copy), and the open order.
 */
export function createSequencesStore(transport: Transport) {
  const use = create<SequencesState>(() => ({
    orders: [],
    total: 0,
    allOrders: 0,
    orderTypes: [],
    unassigned: [],
    unassignedTotal: 0,
    listError: null,
    loaded: false,
    selectedId: null,
    detail: null,
    detailError: null,
  }));
  const { getState, setState } = use;
  /** The filters the list is for (the URL's, handed over by the Orders tab). */
  let shown: OrderFilters = ALL_ORDERS;
  const listTurns = createLatestOnly();
  const detailTurns = createLatestOnly();

  /**
   * Reads the orders matching the filters shown again (after a change, a reconnect): the newest
   * FIRST_PAGE, then all of them when there are more. An older answer arriving late is dropped.
   */
  async function loadOrders(): Promise<void> {
    const newest = listTurns.begin();
    const query = orderQuery(shown);
    try {
      for (const limit of [FIRST_PAGE, MAX_LISTED]) {
        const r = await transport.call('sequences.list', { ...query, limit });
        if (!newest()) return;
        apply(r);
        if (r.total <= limit) return;
      }
    } catch (error) {
      if (newest()) setState({ listError: message(error), loaded: true });
    }
  }

  function apply(r: CallResult<'sequences.list'>): void {
    setState({
      orders: r.orders,
      total: r.total,
      allOrders: r.allOrders,
      orderTypes: r.orderTypes,
      unassigned: r.unassigned,
      unassignedTotal: r.unassignedTotal,
      listError: null,
      loaded: true,
    });
  }

  /** Shows the orders matching `filters` (the Orders tab's URL params). */
  function showOrders(filters: OrderFilters): Promise<void> {
    shown = filters;
    return loadOrders();
  }

  /** Reads one order (the deep link's or the clicked row's). */
  async function loadOrder(orderId: string | null): Promise<void> {
    const newest = detailTurns.begin();
    if (orderId === null) {
      setState({ selectedId: null, detail: null, detailError: null });
      return;
    }
    const keep = getState().detail?.summary.orderId === orderId;
    setState({
      selectedId: orderId,
      ...(keep ? {} : { detail: null }),
      detailError: null,
    });
    try {
      const detail = await transport.call('sequences.get', { orderId });
      if (newest()) setState({ detail, detailError: null });
    } catch (error) {
      if (newest()) setState({ detail: null, detailError: message(error) });
    }
  }

  return { use, getState, loadOrders, showOrders, loadOrder };
}

export type SequencesStore = ReturnType<typeof createSequencesStore>;
