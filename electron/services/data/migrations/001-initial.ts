import type { Migration } from '../migrate';

/** Tables for received deliveries, forward results, the history copy, poll cursors and replays. */
export const migration001: Migration = {
  id: 1,
  name: 'initial',
  sql: `
    CREATE TABLE received_deliveries (
      id INTEGER PRIMARY KEY,
      received_at TEXT NOT NULL,
      received_at_ms INTEGER NOT NULL,
      method TEXT NOT NULL,
      path TEXT NOT NULL,
      headers_json TEXT NOT NULL,
      body BLOB NOT NULL,
      body_size INTEGER NOT NULL,
      body_sha256 TEXT NOT NULL,
      truncated INTEGER NOT NULL DEFAULT 0,
      event_id INTEGER,
      event_created TEXT,
      event_type TEXT,
      level TEXT,
      order_type TEXT,
      order_id TEXT,
      order_reference TEXT,
      signature_outcome TEXT NOT NULL,
      signature_key_id TEXT,
      signature_diagnosis TEXT,
      duplicate_of INTEGER,
      out_of_order INTEGER NOT NULL DEFAULT 0,
      answered_status INTEGER
    );
    CREATE INDEX received_by_event ON received_deliveries(event_id);
    CREATE INDEX received_by_order ON received_deliveries(order_id, event_created);
    CREATE INDEX received_by_hash ON received_deliveries(body_sha256);

    CREATE TABLE forward_results (
      id INTEGER PRIMARY KEY,
      delivery_id INTEGER NOT NULL REFERENCES received_deliveries(id) ON DELETE CASCADE,
      target TEXT NOT NULL,
      status INTEGER,
      headers_json TEXT,
      body TEXT,
      latency_ms REAL,
      error TEXT,
      created_at TEXT NOT NULL
    );
    CREATE INDEX forward_by_delivery ON forward_results(delivery_id);

    CREATE TABLE history_deliveries (
      environment_id TEXT NOT NULL,
      id INTEGER NOT NULL,
      event_id INTEGER NOT NULL,
      event_type TEXT NOT NULL,
      event_created TEXT NOT NULL,
      url TEXT NOT NULL,
      payload TEXT NOT NULL,
      response_status_code INTEGER NOT NULL,
      delivered INTEGER NOT NULL,
      created TEXT NOT NULL,
      fetched_at TEXT NOT NULL,
      PRIMARY KEY (environment_id, id)
    ) WITHOUT ROWID;
    CREATE INDEX history_by_event ON history_deliveries(environment_id, event_id);

    CREATE TABLE poll_cursors (
      environment_id TEXT PRIMARY KEY,
      cursor INTEGER NOT NULL,
      updated_at TEXT NOT NULL
    );

    CREATE TABLE replays (
      id INTEGER PRIMARY KEY,
      created_at TEXT NOT NULL,
      source_delivery_id INTEGER,
      target_url TEXT NOT NULL,
      headers_json TEXT NOT NULL,
      body BLOB NOT NULL,
      response_status INTEGER,
      response_body TEXT,
      latency_ms REAL,
      error TEXT
    );
  `,
};
