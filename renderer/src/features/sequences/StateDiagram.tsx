import type { OrderDetail } from '../../../../shared/contract/sequences';
import { diagramModel, NODE_H, NODE_W, type DiagramEdge, type DiagramNode, type MachineModel } from './diagram-model';

/** Height of each machine's band (title + nodes), in SVG units. */
const BAND = { order: 110, shipping: 150, threeds: 140 } as const;
const TITLE_H = 22;
const WIDTH = 760;

/** The path of an edge: a straight line to the next node in a row, an arc for anything else. */
function edgePath(a: DiagramNode, b: DiagramNode): string {
  const ay = a.y + NODE_H / 2;
  const by = b.y + NODE_H / 2;
  // Nodes above or below each other: join the facing edges.
  if (a.y !== b.y && Math.abs(b.x - a.x) < NODE_W) {
    const down = b.y > a.y;
    return `M${a.x + NODE_W / 2},${down ? a.y + NODE_H : a.y} L${b.x + NODE_W / 2},${down ? b.y : b.y + NODE_H}`;
  }
  if (b.x > a.x && (b.x - a.x <= 150 || a.y !== b.y)) return `M${a.x + NODE_W},${ay} L${b.x},${by}`;
  // Skips and moves back along a row arc above (forward) or below (backward) the row.
  const forward = b.x > a.x;
  const y = forward ? a.y : a.y + NODE_H;
  const bend = forward ? -34 : 34;
  const ax = a.x + NODE_W / 2;
  const bx = b.x + NODE_W / 2;
  return `M${ax},${y} Q${(ax + bx) / 2},${y + bend * 2} ${bx},${forward ? b.y : b.y + NODE_H}`;
}

function Edge({ machine, edge, nodes }: { machine: string; edge: DiagramEdge; nodes: ReadonlyMap<string, DiagramNode> }) {
  const a = nodes.get(edge.from);
  const b = nodes.get(edge.to);
  if (!a || !b) return null;
  return (
    <path
      className={`seq-edge seq-edge--${edge.kind}`}
      d={edgePath(a, b)}
      markerEnd={`url(#seq-arrow-${edge.kind})`}
      data-testid={`diagram-edge-${machine}-${edge.from}-${edge.to}`}
      data-kind={edge.kind}
    >
      {edge.title && <title>{edge.title}</title>}
    </path>
  );
}

function Machine({ model, top }: { model: MachineModel; top: number }) {
  const nodes = new Map(model.nodes.map((n) => [n.id, n]));
  return (
    <g transform={`translate(12, ${top})`} data-testid={`diagram-machine-${model.id}`}>
      <text className="seq-diagram__title" x={0} y={14}>
        {/* In words, as docs/service.md's "States" names them (the spec's section numbers meant nothing to users). */}
        <title>{`${model.title}: see "States" in docs/service.md`}</title>
        {model.title}
        {model.note && <tspan className="seq-diagram__note"> · {model.note}</tspan>}
      </text>
      <g transform={`translate(0, ${TITLE_H})`}>
        {model.edges.map((e) => (
          <Edge key={`${e.from}>${e.to}`} machine={model.id} edge={e} nodes={nodes} />
        ))}
        {model.nodes.map((n) => {
          const reached = model.reached.has(n.id);
          const classes = [
            'seq-node',
            n.open ? 'seq-node--open' : '',
            reached ? 'seq-node--reached' : '',
            model.current === n.id ? 'seq-node--current' : '',
            model.claimed && reached ? 'seq-node--claimed' : '',
            model.wrong.has(n.id) ? 'seq-node--wrong' : '',
          ].filter(Boolean);
          return (
            <g
              key={n.id}
              className={classes.join(' ')}
              data-testid={`diagram-node-${model.id}-${n.id}`}
              data-reached={reached}
              data-current={model.current === n.id}
              data-wrong={model.wrong.has(n.id)}
              data-claimed={Boolean(model.claimed) && reached}
            >
              <rect x={n.x} y={n.y} width={NODE_W} height={NODE_H} rx={6} />
              <text x={n.x + NODE_W / 2} y={n.y + NODE_H / 2 + 4} textAnchor="middle">
                {n.label}
              </text>
            </g>
          );
        })}
      </g>
    </g>
  );
}

const MARKERS = ['spec', 'open', 'taken', 'taken-open', 'wrong'] as const;

/**
 * The order's path drawn over the three machines (order, shipping, 3-D Secure) with a fixed
 * layout: plain SVG from React, classes for every colour (the CSP allows no inline style), no
 * layout library. Reached states are filled, the current one outlined, wrong steps in red.
 */
export function StateDiagram({ detail }: { detail: OrderDetail }) {
  const machines = diagramModel(detail);
  let top = 4;
  const placed = machines.map((m) => {
    const at = top;
    top += BAND[m.id];
    return { m, at };
  });
  return (
    <svg className="seq-diagram" viewBox={`0 0 ${WIDTH} ${top}`} role="img" aria-label="State diagram of the order" data-testid="sequence-diagram">
      <defs>
        {MARKERS.map((k) => (
          <marker key={k} id={`seq-arrow-${k}`} viewBox="0 0 10 10" refX={9} refY={5} markerWidth={7} markerHeight={7} orient="auto-start-reverse">
            <path className={`seq-arrow seq-arrow--${k}`} d="M0,0 L10,5 L0,10 z" />
          </marker>
        ))}
      </defs>
      {placed.map(({ m, at }) => (
        <Machine key={m.id} model={m} top={at} />
      ))}
    </svg>
  );
}
