import type { OrderDetail } from '../../../../shared/contract/sequences';
import { orderStateText } from '../../../../shared/sequences/claimed-state';

/** A state of one machine at a fixed place (top-left corner, in SVG units). */
export interface DiagramNode {
  readonly id: string;
  readonly label: string;
  readonly x: number;
  readonly y: number;
  /** A state the spec names without showing its moves (SCHEDULED, REJECTED). */
  readonly open?: boolean;
}

export type EdgeKind = 'spec' | 'open' | 'taken' | 'taken-open' | 'wrong';

export interface DiagramEdge {
  readonly from: string;
  readonly to: string;
  readonly kind: EdgeKind;
  readonly title?: string;
}

/** One machine as drawn: fixed nodes, the spec's edges and the order's own steps over them. */
export interface MachineModel {
  readonly id: 'order' | 'shipping' | 'threeds';
  readonly title: string;
  readonly nodes: readonly DiagramNode[];
  readonly edges: readonly DiagramEdge[];
  readonly reached: ReadonlySet<string>;
  readonly current: string | null;
  readonly wrong: ReadonlySet<string>;
  /** Shown under the title when the order never entered this machine, or its state is only claimed. */
  readonly note: string | null;
  /** The states rest only on unverified deliveries: drawn as claimed, never as reached. */
  readonly claimed?: boolean;
}

export const NODE_W = 104;
export const NODE_H = 26;

/** A state drawn at (x, y), labelled with its name unless it reads better otherwise. */
const node = (id: string, x: number, y: number, label = id): DiagramNode => ({ id, label, x, y });

const ORDER_NODES: DiagramNode[] = [node('PENDING', 0, 30), node('PAID', 150, 0), node('FINALIZED', 300, 0), node('CANCELLED', 300, 60), node('deleted', 450, 30)];
const ORDER_EDGES: Array<[string, string]> = [
  ['PENDING', 'PAID'],
  ['PAID', 'FINALIZED'],
  ['PENDING', 'CANCELLED'],
  ['PAID', 'CANCELLED'],
  ['FINALIZED', 'deleted'],
  ['CANCELLED', 'deleted'],
];

const STEP = 124;
const SHIPPING_NODES: DiagramNode[] = [
  ...['PENDING', 'ACCEPTED', 'READY', 'DISPATCHED', 'ON_ITS_WAY', 'DELIVERED'].map((id, i) => node(id, i * STEP, 50)),
  { ...node('SCHEDULED', STEP / 2, 0), open: true },
  { ...node('REJECTED', STEP * 1.5, 100), open: true },
];
const SHIPPING_EDGES: Array<[string, string, EdgeKind]> = [
  ['PENDING', 'ACCEPTED', 'spec'],
  ['ACCEPTED', 'READY', 'spec'],
  ['READY', 'DISPATCHED', 'spec'],
  ['DISPATCHED', 'ON_ITS_WAY', 'spec'],
  ['ON_ITS_WAY', 'DELIVERED', 'spec'],
  // Moves the spec leaves open ("not specified" in docs/service.md#shipping-status): drawn dashed where the sandbox takes them.
  ['PENDING', 'SCHEDULED', 'open'],
  ['SCHEDULED', 'ACCEPTED', 'open'],
  ['PENDING', 'REJECTED', 'open'],
  ['ACCEPTED', 'REJECTED', 'open'],
];

const THREEDS_NODES: DiagramNode[] = [
  node('PENDING', 0, 45, 'AUTH REQUIRED'),
  ...['SUCCESS', 'FAILED', 'ERROR', 'EXPIRED'].map((id, i) => node(id, 150, i * 30)),
  node('CONFIRMED', 300, 0, 'SuccessPayment'),
];

/** Puts the order's own steps over the spec's edges: a step replaces the edge it took. */
function merge(base: DiagramEdge[], steps: DiagramEdge[]): DiagramEdge[] {
  const key = (e: DiagramEdge) => `${e.from}>${e.to}`;
  const taken = new Map<string, DiagramEdge>();
  for (const s of steps) {
    const prev = taken.get(key(s));
    // A move taken twice keeps its worst verdict.
    if (!prev || s.kind === 'wrong') taken.set(key(s), s);
  }
  return [...base.filter((e) => !taken.has(key(e))), ...taken.values()];
}

function orderMachine(d: OrderDetail): MachineModel {
  const statuses = d.orderPath.map((p) => p.status);
  const steps: DiagramEdge[] = [];
  for (let i = 1; i < statuses.length; i++) steps.push({ from: statuses[i - 1]!, to: statuses[i]!, kind: 'taken' });
  const afterFinal = d.flags.filter((f) => f.kind === 'after-final');
  return {
    id: 'order',
    title: 'Order status',
    nodes: ORDER_NODES,
    edges: merge(ORDER_EDGES.map(([from, to]) => ({ from, to, kind: 'spec' })), steps),
    reached: new Set(statuses),
    current: d.summary.status,
    wrong: new Set(afterFinal.length > 0 ? [d.summary.status] : []),
    note: d.summary.unverifiedOnly ? orderStateText(d.summary) : null,
    claimed: d.summary.unverifiedOnly,
  };
}

function shippingMachine(d: OrderDetail): MachineModel {
  const steps: DiagramEdge[] = d.shippingSteps.map((s) => ({
    from: s.from,
    to: s.to,
    kind: s.verdict === 'ok' ? 'taken' : s.verdict === 'unspecified' ? 'taken-open' : 'wrong',
    title: s.was !== s.from ? `PreviousStatus ${s.from}, but the order was ${s.was}` : s.verdict,
  }));
  const reached = new Set<string>(d.shippingSteps.length > 0 ? ['PENDING'] : []);
  for (const s of d.shippingSteps) reached.add(s.to);
  const wrong = new Set(d.shippingSteps.filter((s) => s.verdict === 'illegal' || s.verdict === 'skipped').map((s) => s.to));
  return {
    id: 'shipping',
    title: 'Shipping status',
    nodes: SHIPPING_NODES,
    edges: merge(SHIPPING_EDGES.map(([from, to, kind]) => ({ from, to, kind })), steps),
    reached,
    current: d.summary.shipping,
    wrong,
    note: null,
  };
}

function threeDsMachine(d: OrderDetail): MachineModel {
  const steps: DiagramEdge[] = [];
  const reached = new Set<string>(d.threeDsAttempts.length > 0 ? ['PENDING'] : []);
  for (const a of d.threeDsAttempts) {
    reached.add(a.outcome);
    steps.push({ from: 'PENDING', to: a.outcome, kind: 'taken', title: a.authenticationId });
    if (a.confirmed) {
      reached.add('CONFIRMED');
      steps.push({ from: 'SUCCESS', to: 'CONFIRMED', kind: 'taken' });
    }
  }
  const unconfirmed = d.flags.some((f) => f.kind === '3ds-not-confirmed');
  if (unconfirmed) steps.push({ from: 'SUCCESS', to: 'CONFIRMED', kind: 'wrong', title: 'no SuccessPayment followed' });
  const last = d.threeDsAttempts[d.threeDsAttempts.length - 1];
  return {
    id: 'threeds',
    title: '3-D Secure status',
    nodes: THREEDS_NODES,
    edges: merge(
      [
        ...['SUCCESS', 'FAILED', 'ERROR', 'EXPIRED'].map((to) => ({ from: 'PENDING', to, kind: 'spec' as const })),
        { from: 'SUCCESS', to: 'CONFIRMED', kind: 'spec' },
      ],
      steps,
    ),
    reached,
    current: last ? (last.confirmed ? 'CONFIRMED' : last.outcome) : null,
    wrong: new Set(unconfirmed ? ['SUCCESS'] : []),
    note: d.threeDsAttempts.length === 0 ? 'no 3-D Secure event' : null,
  };
}

/**
 * The machines of an order, with what it reached and where it went wrong. The shipping
 * machine only when the order has an `Updated` event, the 3-D Secure one only when it has a
 * 3-D Secure event (or a flag about one): an empty diagram says nothing the "Shipping —" or
 * "3-D Secure —" line does not.
 */
export function diagramModel(d: OrderDetail): MachineModel[] {
  const shipping = d.shippingSteps.length > 0;
  const threeDs = d.threeDsAttempts.length > 0 || d.flags.some((f) => f.kind === '3ds-not-confirmed');
  const machines = [orderMachine(d), ...(shipping ? [shippingMachine(d)] : []), ...(threeDs ? [threeDsMachine(d)] : [])];
  if (!d.summary.unverifiedOnly) return machines;
  // Steps only unverified deliveries claim: drawn dashed and grey, never the verified green.
  const claimedStep = (e: DiagramEdge): DiagramEdge => (e.kind === 'taken' ? { ...e, kind: 'taken-open', title: 'claimed by unverified deliveries only' } : e);
  return machines.map((m) => ({ ...m, claimed: true, edges: m.edges.map(claimedStep) }));
}
