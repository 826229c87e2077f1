import type { BadInput, DeliveryRef, OrderDetail, OrderSummary } from '../../../shared/contract/sequences';
import { deriveOrder, groupByOrder, normaliseOrderId, parseDelivery, type GroupedDeliveries, type ParsedDelivery } from '../../../shared/sequences';
import type { DeliverySource, SourceCursor } from './delivery-source';
import { START } from './delivery-source';
import { withinListingBudget } from '../../../shared/text/listing-budget';

/** Which deliveries count: the active environment's history, and received ones not signed for another. */
export interface IndexScope {
  readonly environmentId: string;
  readonly otherEnvironmentKeyIds: readonly string[];
}

/** Filters of sequences.list (already validated). */
export interface OrdersQuery {
  readonly orderType?: string | undefined;
  readonly status?: OrderSummary['status'] | undefined;
  readonly hasFlags?: boolean | undefined;
  readonly flagKind?: OrderSummary['flagKinds'][number] | undefined;
  readonly text?: string | undefined;
  readonly offset: number;
  readonly limit: number;
}

interface Entry {
  summary: OrderSummary;
  /** When a 3-D Secure success leaves its grace period and the order must be judged again. */
  recheckAtMs: number | null;
  search: string;
}

const MAX_UNASSIGNED_SHOWN = 200;

const yieldToLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Every order, grouped from both stores and kept in memory: the first call reads everything
 * once, later refreshes read only rows after the cursor and re-derive only the orders they
 * touched. Summaries are cached per order; the sorted list is rebuilt only after a change.
 */
export class OrderIndex {
  private grouped: GroupedDeliveries = { orders: new Map(), unassigned: [], unassignedKeys: new Set() };
  private entries = new Map<string, Entry>();
  private cursor: SourceCursor = START;
  private scopeKey: string | null = null;
  private sorted: Entry[] | null = null;
  private running: Promise<string[]> | null = null;
  /** Bumped by reset(): a read in progress sees it and stops. */
  private generation = 0;
  /** Orders changed since the last takeChanged(), whoever's refresh noticed them. */
  private unreported = new Set<string>();
  /**
   * Received deliveries in the order they were read (ids only grow) with their order (null:
   * none), from `liveHead` on: retention removes the oldest, so forgetting them walks the front.
   */
  private liveIds: number[] = [];
  private liveOrders: Array<string | null> = [];
  private liveHead = 0;
  /** Received ids below this were removed by retention. */
  private liveFloor = 0;

  private readonly queueLive = (parsed: ParsedDelivery): void => {
    if (parsed.input.ref.source !== 'live') return;
    this.liveIds.push(parsed.input.ref.id);
    this.liveOrders.push(parsed.orderId);
  };

  constructor(
    private readonly source: DeliverySource,
    private readonly scope: () => IndexScope,
    private readonly now: () => number,
    /**
     * Which of these received ids are imported rows (ImportStore): retention never removes
     * those, so they stay although they may sit below the oldest received delivery kept.
     */
    private readonly imported: (ids: readonly number[]) => ReadonlySet<number> = () => new Set(),
  ) {}

  /**
   * Retention removed every received delivery below `keptFromId` (null: all of them): the
   * orders they belonged to are derived again without them, or dropped when nothing is left.
   */
  forgetLiveBelow(keptFromId: number | null): void {
    // With nothing left, SQLite may hand out ids from 1 again: read everything afresh.
    if (keptFromId === null) return this.reset();
    if (keptFromId <= this.liveFloor) return;
    this.liveFloor = keptFromId;
    const start = this.liveHead;
    while (this.liveHead < this.liveIds.length && this.liveIds[this.liveHead]! < keptFromId) this.liveHead++;
    // Imported rows below the floor were not removed: they leave the queue (retention never
    // takes them) but stay in their orders.
    const kept = this.imported(this.liveIds.slice(start, this.liveHead));
    const touched = new Set<string>();
    for (let i = start; i < this.liveHead; i++) {
      const orderId = this.liveOrders[i];
      if (orderId !== null && orderId !== undefined && !kept.has(this.liveIds[i]!)) touched.add(orderId);
    }
    if (this.liveHead > 50_000) {
      this.liveIds = this.liveIds.slice(this.liveHead);
      this.liveOrders = this.liveOrders.slice(this.liveHead);
      this.liveHead = 0;
    }
    const gone = (d: ParsedDelivery) => d.input.ref.source === 'live' && d.input.ref.id < keptFromId && !kept.has(d.input.ref.id);
    const now = this.now();
    for (const id of touched) {
      const kept = (this.grouped.orders.get(id) ?? []).filter((d) => !gone(d));
      if (kept.length > 0) {
        this.grouped.orders.set(id, kept);
        this.derive(id, now);
      } else {
        this.grouped.orders.delete(id);
        this.entries.delete(id);
      }
      this.unreported.add(id);
    }
    const unassigned = this.grouped.unassigned.filter((b) => !(b.delivery.source === 'live' && b.delivery.id < keptFromId && !kept.has(b.delivery.id)));
    this.grouped = { ...this.grouped, unassigned };
    this.sorted = null;
  }

  /** Forgets everything (deliveries cleared); the next read starts over. */
  reset(): void {
    this.liveIds = [];
    this.liveOrders = [];
    this.liveHead = 0;
    this.liveFloor = 0;
    this.generation++;
    this.unreported = new Set();
    this.grouped = { orders: new Map(), unassigned: [], unassignedKeys: new Set() };
    this.entries = new Map();
    this.cursor = START;
    this.scopeKey = null;
    this.sorted = null;
  }

  get built(): boolean {
    return this.scopeKey !== null;
  }

  /**
   * Reads what is new; returns the ids of the orders that changed. A new scope starts over.
   * One read at a time: a caller arriving during one waits for it, then reads what is newer.
   */
  async refresh(): Promise<string[]> {
    while (this.running) await this.running.catch(() => undefined);
    this.running = this.read();
    try {
      return await this.running;
    } finally {
      this.running = null;
    }
  }

  /**
   * Yields to the event loop between pages and every few thousand derived orders: the first
   * read of 100,000 deliveries must not hold up the listener, which answers on the same loop.
   * A reset() meanwhile (deliveries cleared) abandons the read.
   */
  private async read(): Promise<string[]> {
    // The very first read is answered by the call that asked for it: nothing to announce. A
    // read after a change of scope (another environment) is announced like any change.
    const first = this.scopeKey === null;
    const scope = this.scope();
    const key = JSON.stringify(scope);
    if (key !== this.scopeKey) this.reset();
    this.scopeKey = key;
    const started = this.generation;
    const changed = new Set<string>();
    for (const page of this.source.pagesAfter(this.cursor, scope.environmentId, scope.otherEnvironmentKeyIds)) {
      // Rows read before retention removed them are not taken in after it did.
      const deliveries = this.liveFloor > 0 ? this.aboveFloor(page.deliveries) : page.deliveries;
      groupByOrder(deliveries, this.grouped, { touched: changed, slim: true, seen: this.queueLive });
      this.cursor = page.cursor;
      await yieldToLoop();
      if (this.generation !== started) return [];
    }
    let derived = 0;
    for (const id of changed) {
      this.derive(id, this.now());
      if (++derived % 2_000 === 0) {
        await yieldToLoop();
        if (this.generation !== started) return [];
      }
    }
    if (changed.size > 0) this.sorted = null;
    if (!first) for (const id of changed) this.unreported.add(id);
    return [...changed];
  }

  /** Rows read after retention removed those below the floor: the imported ones among them stay. */
  private aboveFloor<T extends { readonly ref: DeliveryRef }>(deliveries: readonly T[]): readonly T[] {
    const below = deliveries.filter((d) => d.ref.source === 'live' && d.ref.id < this.liveFloor).map((d) => d.ref.id);
    if (below.length === 0) return deliveries;
    const kept = this.imported(below);
    return deliveries.filter((d) => d.ref.source !== 'live' || d.ref.id >= this.liveFloor || kept.has(d.ref.id));
  }

  private derive(orderId: string, now: number): OrderDetail {
    const detail = deriveOrder(orderId, this.grouped.orders.get(orderId) ?? [], now, { summaryOnly: true });
    this.remember(orderId, detail);
    return detail;
  }

  private remember(orderId: string, detail: OrderDetail): void {
    const s = detail.summary;
    this.entries.set(orderId, {
      summary: s,
      recheckAtMs: detail.recheckAt === null ? null : Date.parse(detail.recheckAt),
      search: [s.orderId, s.orderReference ?? '', s.orderType ?? '', s.status, s.shipping ?? '', ...s.flagKinds].join('\n').toLowerCase(),
    });
  }

  /** Re-judges orders whose 3-D Secure grace period has passed since they were derived. */
  private recheck(now: number): void {
    for (const [id, entry] of this.entries) {
      if (entry.recheckAtMs !== null && entry.recheckAtMs <= now) {
        this.derive(id, now);
        this.sorted = null;
        this.unreported.add(id);
      }
    }
  }

  /** When the next order must be judged again (a 3-D Secure grace period ends), or null. */
  nextRecheckAt(): number | null {
    let next: number | null = null;
    for (const entry of this.entries.values())
      if (entry.recheckAtMs !== null && (next === null || entry.recheckAtMs < next)) next = entry.recheckAtMs;
    return next;
  }

  /** Re-judges the orders whose grace period has passed; their ids go to takeChanged(). */
  recheckNow(): void {
    this.recheck(this.now());
  }

  /** Ids of the orders changed since the last call (for the live event), then forgets them. */
  takeChanged(): string[] {
    const ids = [...this.unreported];
    this.unreported.clear();
    return ids;
  }

  /**
   * Every call reads what is new first (two indexed queries when nothing is), so a script
   * that just ran a scenario sees its deliveries without waiting for the live event.
   */
  private async ensure(): Promise<void> {
    await this.refresh();
    this.recheck(this.now());
  }

  /** Orders matching the query, newest activity first, one page of them. */
  async list(q: OrdersQuery): Promise<{ total: number; allOrders: number; orders: OrderSummary[]; orderTypes: string[]; unassigned: BadInput[]; unassignedTotal: number }> {
    await this.ensure();
    this.sorted ??= [...this.entries.values()].sort(
      (a, b) => b.summary.lastActivityAt.localeCompare(a.summary.lastActivityAt) || a.summary.orderId.localeCompare(b.summary.orderId),
    );
    const text = q.text?.trim().toLowerCase() ?? '';
    const matches = this.sorted.filter(
      ({ summary: s, search }) =>
        (q.orderType === undefined || s.orderType === q.orderType) &&
        (q.status === undefined || s.status === q.status) &&
        (q.hasFlags === undefined || s.flags > 0 === q.hasFlags) &&
        (q.flagKind === undefined || s.flagKinds.includes(q.flagKind)) &&
        (text === '' || search.includes(text)),
    );
    const orderTypes = [...new Set(this.sorted.map((e) => e.summary.orderType).filter((t): t is string => t !== null))].sort();
    const unassigned = this.grouped.unassigned;
    return {
      total: matches.length,
      allOrders: this.entries.size,
      // Bounded in bytes as well as rows (fields are capped, the page is too); the UI pages on.
      orders: withinListingBudget(matches.slice(q.offset, q.offset + q.limit).map((e) => e.summary)),
      orderTypes,
      unassigned: unassigned.slice(-MAX_UNASSIGNED_SHOWN).reverse(),
      unassignedTotal: unassigned.length,
    };
  }

  /** One order in full, judged at this moment; undefined when no delivery names it. */
  async get(orderId: string | number): Promise<OrderDetail | undefined> {
    await this.ensure();
    const id = normaliseOrderId(orderId);
    const slim = id === null ? undefined : this.grouped.orders.get(id);
    if (id === null || !slim) return undefined;
    // The index keeps slim events; the order's whole bodies are read again to show them.
    const full = this.source.read(slim.map((d) => d.input.ref), this.scope().environmentId).map((d) => parseDelivery(d));
    const detail = deriveOrder(id, full, this.now());
    this.remember(id, detail);
    return detail;
  }

  /** How many orders the index holds. */
  get size(): number {
    return this.entries.size;
  }
}
