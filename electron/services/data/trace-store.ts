import type { StatementSync } from 'node:sqlite';
import type { Database } from './database';
import type { Trace, TraceSpan } from '../../../shared/contract/tracing';
import { withTransaction } from '../platform/sqlite-transaction';

/** A span to keep: the contract's span, its trace, and its start in nanoseconds (for order). */
export interface SpanToStore extends TraceSpan {
  readonly traceId: string;
  /** Unix nanoseconds as decimal digits (beyond 2^53, so never a number). */
  readonly startedNs: string;
}

/** Rows kept at most and bytes kept at most; the oldest spans are removed first. */
export interface SpanRetention {
  readonly spans: number;
  readonly bytes: number;
}

interface SpanRow {
  span_id: string;
  parent_span_id: string | null;
  name: string;
  service: string;
  started_at: string;
  duration_ms: number;
  status: TraceSpan['status'];
  attributes_json: string;
  events_json: string;
}

/** Nanoseconds padded to one width so the text column sorts as the numbers do. */
const padNs = (ns: string) => ns.padStart(20, '0');

/**
 * The one owner of `trace_spans` (migration 011): the spans the OTLP receiver kept, read by
 * trace id, capped by count and bytes like the received deliveries.
 */
export class TraceStore {
  private insert: StatementSync | undefined;
  private totals: { count: number; bytes: number } | undefined;

  constructor(private readonly db: Database) {}

  /**
   * Stores spans in one transaction (a span sent twice, same trace and span id, is kept once),
   * then removes the oldest beyond the caps. Returns how many were new.
   */
  add(spans: readonly SpanToStore[], retention: SpanRetention): number {
    if (spans.length === 0) return 0;
    this.insert ??= this.db
      .prepare(`INSERT OR IGNORE INTO trace_spans (trace_id, span_id, parent_span_id, name, service,
      started_at, started_ns, duration_ms, status, attributes_json, events_json, size) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
    const totals = this.counts();
    let added = 0;
    // Spans are diagnostics, not deliveries: their commit skips the fsync (WAL with NORMAL: a
    // power cut may lose the last spans, a killed process loses nothing). The connection's own
    // level (FULL, for the listener's promise) is back before anything else can commit.
    const synchronous = (this.db.prepare('PRAGMA synchronous').get() as { synchronous: number })
      .synchronous;
    this.db.exec('PRAGMA synchronous = NORMAL');
    try {
      withTransaction(this.db, () => {
        for (const s of spans) {
          const attributes = JSON.stringify(s.attributes);
          const events = JSON.stringify(s.events);
          const size = s.name.length + attributes.length + events.length;
          const { changes } = this.insert!.run(
            s.traceId,
            s.spanId,
            s.parentSpanId,
            s.name,
            s.service,
            s.startedAt,
            padNs(s.startedNs),
            s.durationMs,
            s.status,
            attributes,
            events,
            size,
          );
          if (Number(changes) === 0) continue;
          added += 1;
          totals.count += 1;
          totals.bytes += size;
        }
        this.enforce(retention);
      });
    } finally {
      this.db.exec(`PRAGMA synchronous = ${Number(synchronous)}`);
    }
    return added;
  }

  /** The trace's spans in start order, the first `limit` when given (none: the handler exported nothing for it yet). */
  get(traceId: string, limit?: number): Trace {
    const rows = this.db
      .prepare(
        `SELECT span_id, parent_span_id, name, service, started_at, duration_ms, status, attributes_json, events_json
        FROM trace_spans WHERE trace_id = ? ORDER BY started_ns, id LIMIT ?`,
      )
      .all(traceId, limit ?? -1) as unknown as SpanRow[];
    const totalSpans =
      limit !== undefined && rows.length === limit
        ? (this.db.prepare('SELECT COUNT(*) AS n FROM trace_spans WHERE trace_id = ?').get(traceId) as { n: number }).n
        : rows.length;
    return { traceId, spans: rows.map(toSpan), totalSpans };
  }

  /** Spans kept now and their bytes (read once, then kept up to date by this store). */
  counts(): { count: number; bytes: number } {
    this.totals ??= (() => {
      const row = this.db
        .prepare('SELECT COUNT(*) AS count, COALESCE(SUM(size), 0) AS bytes FROM trace_spans')
        .get() as {
        count: number;
        bytes: number;
      };
      return { count: Number(row.count), bytes: Number(row.bytes) };
    })();
    return this.totals;
  }

  /** Removes the oldest spans (by arrival) until both caps hold. */
  private enforce(retention: SpanRetention): void {
    const totals = this.counts();
    if (totals.count <= retention.spans && totals.bytes <= retention.bytes) return;
    const oldest = this.db
      .prepare('SELECT id, size FROM trace_spans ORDER BY id')
      .iterate() as Iterable<{ id: number; size: number }>;
    let through = 0;
    for (const row of oldest) {
      if (totals.count <= retention.spans && totals.bytes <= retention.bytes) break;
      totals.count -= 1;
      totals.bytes -= Number(row.size);
      through = Number(row.id);
    }
    this.db.prepare('DELETE FROM trace_spans WHERE id <= ?').run(through);
  }
}

function toSpan(r: SpanRow): TraceSpan {
  return {
    spanId: r.span_id,
    parentSpanId: r.parent_span_id,
    name: r.name,
    service: r.service,
    startedAt: r.started_at,
    durationMs: r.duration_ms,
    status: r.status,
    attributes: JSON.parse(r.attributes_json) as Record<string, unknown>,
    events: JSON.parse(r.events_json) as TraceSpan['events'],
  };
}
