import type { Migration } from '../migrate';

/**
 * Tracing: the W3C trace id each forward and replay carried (null on rows written before), and
 * the handler's spans the local OTLP receiver kept for traces Hooklab started. `size` is what
 * retention counts of a span (its name, attributes and events as stored).
 */
export const migration011: Migration = {
  id: 11,
  name: 'tracing',
  sql: `
    ALTER TABLE forward_results ADD COLUMN trace_id TEXT;
    ALTER TABLE replays ADD COLUMN trace_id TEXT;
    CREATE TABLE trace_spans (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      trace_id TEXT NOT NULL,
      span_id TEXT NOT NULL,
      parent_span_id TEXT,
      name TEXT NOT NULL,
      service TEXT NOT NULL,
      started_at TEXT NOT NULL,
      started_ns TEXT NOT NULL,
      duration_ms REAL NOT NULL,
      status TEXT NOT NULL CHECK (status IN ('ok', 'error', 'unset')),
      attributes_json TEXT NOT NULL,
      events_json TEXT NOT NULL,
      size INTEGER NOT NULL,
      UNIQUE (trace_id, span_id)
    );
    CREATE INDEX trace_spans_by_trace ON trace_spans(trace_id);
  `,
};
