import type { TraceSpan } from '../contract/tracing';

/** One row of the waterfall: a span, its depth in the tree and its bar (percent of the trace). */
export interface WaterfallRow {
  readonly span: TraceSpan;
  readonly depth: number;
  readonly offsetPct: number;
  readonly widthPct: number;
}

const startMs = (s: TraceSpan) => Date.parse(s.startedAt);

/**
 * The spans as a tree in start order (each child under its parent; a span whose parent is not
 * in the trace, such as the handler's server span under Hooklab's own, is a root), with each
 * bar placed on the trace's time line. Milliseconds only: startedAt carries no finer time.
 */
export function layoutTrace(spans: readonly TraceSpan[]): WaterfallRow[] {
  if (spans.length === 0) return [];
  const ids = new Set(spans.map((s) => s.spanId));
  const children = new Map<string | null, TraceSpan[]>();
  for (const span of spans) {
    const parent = span.parentSpanId !== null && ids.has(span.parentSpanId) ? span.parentSpanId : null;
    const list = children.get(parent) ?? [];
    list.push(span);
    children.set(parent, list);
  }
  for (const list of children.values()) list.sort((a, b) => startMs(a) - startMs(b));
  const start = Math.min(...spans.map(startMs));
  const end = Math.max(...spans.map((s) => startMs(s) + s.durationMs));
  const total = Math.max(end - start, 1);
  const rows: WaterfallRow[] = [];
  const seen = new Set<string>();
  const visit = (span: TraceSpan, depth: number) => {
    if (seen.has(span.spanId)) return;
    seen.add(span.spanId);
    const offsetPct = ((startMs(span) - start) / total) * 100;
    rows.push({ span, depth, offsetPct, widthPct: Math.max((span.durationMs / total) * 100, 0.5) });
    for (const child of children.get(span.spanId) ?? []) visit(child, depth + 1);
  };
  for (const root of children.get(null) ?? []) visit(root, 0);
  // A cycle of parent ids (hostile or broken data) leaves spans unvisited: shown flat at the end.
  for (const span of spans) visit(span, 0);
  return rows;
}

/** A span's exception events: message and stack, as the OpenTelemetry conventions name them. */
export function exceptionsOf(span: TraceSpan): Array<{ type: string; message: string; stack: string }> {
  return span.events
    .filter((e) => e.name === 'exception')
    .map((e) => ({
      type: String(e.attributes['exception.type'] ?? ''),
      message: String(e.attributes['exception.message'] ?? ''),
      stack: String(e.attributes['exception.stacktrace'] ?? ''),
    }));
}

export function formatDuration(ms: number): string {
  if (ms < 1) return `${ms.toFixed(2)} ms`;
  if (ms < 1000) return `${ms.toFixed(ms < 10 ? 1 : 0)} ms`;
  return `${(ms / 1000).toFixed(2)} s`;
}

/** One line of a side-by-side: a span's service and name, and how often each trace has it. */
export interface TraceDiffRow {
  readonly key: string;
  readonly service: string;
  readonly name: string;
  readonly left: number;
  readonly right: number;
}

/**
 * What two traces of the same request did differently: the spans (by service and name, counted)
 * each has, those present in only one first, so "the duplicate took the idempotency path" or
 * "the signature check rejected it" is the first line.
 */
export function diffTraces(left: readonly TraceSpan[], right: readonly TraceSpan[]): TraceDiffRow[] {
  const rows = new Map<string, { service: string; name: string; left: number; right: number }>();
  const count = (spans: readonly TraceSpan[], side: 'left' | 'right') => {
    for (const s of spans) {
      const key = `${s.service}\u0000${s.name}`;
      const row = rows.get(key) ?? { service: s.service, name: s.name, left: 0, right: 0 };
      row[side] += 1;
      rows.set(key, row);
    }
  };
  count(left, 'left');
  count(right, 'right');
  const order = (r: { left: number; right: number }) => (r.left === 0 || r.right === 0 ? 0 : r.left !== r.right ? 1 : 2);
  return [...rows.entries()]
    .map(([key, r]) => ({ key, ...r }))
    .sort((a, b) => order(a) - order(b) || a.service.localeCompare(b.service) || a.name.localeCompare(b.name));
}
