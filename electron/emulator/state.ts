import { randomBytes } from 'node:crypto';
import type { Clock } from '../services/platform/clock';
import type { IdSpace } from './id-space';
import type { Persistence } from './persistence';
import {
  NO_CHAOS,
  type AuthenticationRecord,
  type DeliveryRecord,
  type OrderRecord,
  type PaymentMethodRecord,
  type StoreRecord,
} from './types';

/** Random URL-safe token with a readable prefix. */
export function randomId(prefix: string, bytes = 12): string {
  return `${prefix}${randomBytes(bytes).toString('base64url')}`;
}

/** A webhook key the sandbox generates for a store: `whk_` and 24 random bytes (base64url). */
export function generateWebhookKey(): string {
  return randomId('whk_', 24);
}

/**
 * Everything the sandbox knows, in memory, written through to the persistence. Node runs one
 * request at a time between awaits, so id allocation and appends here are atomic: deliveries of
 * a store are always appended in increasing id order, which the list relies on.
 */
export class SandboxState {
  readonly stores = new Map<string, StoreRecord>();
  readonly storesByClientId = new Map<string, StoreRecord>();
  readonly storesBySecretKey = new Map<string, StoreRecord>();
  /** Per store, ascending by id. */
  readonly deliveries = new Map<string, DeliveryRecord[]>();
  readonly deliveryById = new Map<number, DeliveryRecord>();
  readonly orders = new Map<number, OrderRecord>();
  readonly ordersByCode = new Map<string, OrderRecord>();
  readonly paymentMethods = new Map<string, PaymentMethodRecord>();
  readonly authentications = new Map<string, AuthenticationRecord>();
  private lastDeliveryId = 0;
  private lastOrderId = 100_000;
  defaultStoreId: string | null = null;

  constructor(
    readonly persistence: Persistence,
    readonly clock: Clock,
    /** The data folder's id space, shared with its other sandboxes; none: ids count from 1 here. */
    private readonly ids: IdSpace | null = null,
  ) {
    for (const s of persistence.loadAll('store') as StoreRecord[]) this.indexStore(s);
    for (const o of persistence.loadAll('order') as OrderRecord[]) this.indexOrder(o);
    for (const p of persistence.loadAll('paymentMethod') as PaymentMethodRecord[])
      this.paymentMethods.set(p.id, p);
    for (const a of persistence.loadAll('authentication') as AuthenticationRecord[])
      this.authentications.set(a.id, a);
    for (const d of persistence.loadDeliveries()) this.indexDelivery(d);
    const meta = persistence.loadAll('meta') as { key: string; value: string }[];
    this.defaultStoreId = meta.find((m) => m.key === 'defaultStoreId')?.value ?? null;
  }

  nowIso(): string {
    return new Date(this.clock.now()).toISOString();
  }

  /** Creates a store with fresh credentials. */
  createStore(opts: { webhookUrl?: string; webhookKey?: string; name?: string } = {}): StoreRecord {
    const store: StoreRecord = {
      storeId: randomId('store_', 9),
      name: opts.name ?? 'Tienda Sandbox',
      clientId: randomId('client_', 9),
      clientSecret: randomId('cs_', 24),
      secretKey: randomId('sk_sandbox_', 24),
      webhookKey: opts.webhookKey ?? generateWebhookKey(),
      webhookKeyOwn: opts.webhookKey === undefined,
      webhookUrl: opts.webhookUrl ?? '',
      chaos: { ...NO_CHAOS },
      created: this.nowIso(),
    };
    this.saveStore(store);
    return store;
  }

  saveStore(store: StoreRecord): void {
    this.indexStore(store);
    this.persistence.put('store', store.storeId, store);
  }

  setDefaultStore(storeId: string): void {
    this.defaultStoreId = storeId;
    this.persistence.put('meta', 'defaultStoreId', { key: 'defaultStoreId', value: storeId });
  }

  private indexStore(s: StoreRecord): void {
    this.stores.set(s.storeId, s);
    this.storesByClientId.set(s.clientId, s);
    this.storesBySecretKey.set(s.secretKey, s);
    if (!this.deliveries.has(s.storeId)) this.deliveries.set(s.storeId, []);
  }

  /** A new delivery id, which is also the event id of a new event (a resend keeps its event id). */
  nextDeliveryId(): number {
    return this.reserveDeliveryIds(1);
  }

  /** `count` consecutive new delivery ids (seeding), returning the first. */
  reserveDeliveryIds(count: number): number {
    const first = this.ids ? this.ids.take('event', this.lastDeliveryId, count) : this.lastDeliveryId + 1;
    this.lastDeliveryId = first + count - 1;
    return first;
  }

  /** Logs a new delivery (append) and persists it. */
  logDelivery(d: DeliveryRecord): void {
    this.indexDelivery(d);
    this.persistence.putDelivery(d);
  }

  /** Persists a change to an already logged delivery (status after sending). */
  updateDelivery(d: DeliveryRecord): void {
    this.persistence.putDelivery(d);
  }

  /** Appends many deliveries in one transaction; used by seeding for benchmarks. */
  logDeliveries(ds: DeliveryRecord[]): void {
    for (const d of ds) this.indexDelivery(d);
    this.persistence.putDeliveries(ds);
  }

  private indexDelivery(d: DeliveryRecord): void {
    let list = this.deliveries.get(d.storeId);
    if (!list) this.deliveries.set(d.storeId, (list = []));
    list.push(d);
    this.deliveryById.set(d.id, d);
    if (d.id > this.lastDeliveryId) this.lastDeliveryId = d.id;
  }

  /**
   * Forgets every order, payment method, authentication and delivery, and restarts the ids, as
   * a fresh service would; stores and their credentials stay. Memory only: a persistent sandbox
   * keeps its history (the caller refuses).
   */
  clearActivity(): void {
    for (const list of this.deliveries.values()) list.length = 0;
    this.deliveryById.clear();
    this.orders.clear();
    this.ordersByCode.clear();
    this.paymentMethods.clear();
    this.authentications.clear();
    this.lastDeliveryId = 0;
    this.lastOrderId = 100_000;
  }

  nextOrderId(): number {
    this.lastOrderId = this.ids ? this.ids.take('order', this.lastOrderId) : this.lastOrderId + 1;
    return this.lastOrderId;
  }

  saveOrder(o: OrderRecord): void {
    o.updated = this.nowIso();
    this.indexOrder(o);
    this.persistence.put('order', String(o.orderId), o);
  }

  private indexOrder(o: OrderRecord): void {
    this.orders.set(o.orderId, o);
    this.ordersByCode.set(o.orderCode, o);
    if (o.orderId > this.lastOrderId) this.lastOrderId = o.orderId;
  }

  /** An order of the store by code or numeric id, hiding deleted ones unless asked. */
  findOrder(storeId: string | null, key: string, includeDeleted = false): OrderRecord | null {
    const o =
      this.ordersByCode.get(key) ?? (/^\d+$/.test(key) ? this.orders.get(Number(key)) : undefined);
    if (!o || (storeId !== null && o.storeId !== storeId)) return null;
    if (o.deleted && !includeDeleted) return null;
    return o;
  }

  savePaymentMethod(p: PaymentMethodRecord): void {
    this.paymentMethods.set(p.id, p);
    this.persistence.put('paymentMethod', p.id, p);
  }

  saveAuthentication(a: AuthenticationRecord): void {
    this.authentications.set(a.id, a);
    this.persistence.put('authentication', a.id, a);
  }
}
