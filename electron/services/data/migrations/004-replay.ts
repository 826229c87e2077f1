import type { Migration } from '../migrate';

/**
 * Replay: saved drafts (the body byte for byte, the rest of the request spec as JSON), every
 * replay with the request exactly as sent and the handler's answer (body capped at 256 KiB),
 * Replay's own targets with their non-loopback opt-in, throwaway keys (metadata only: the
 * value is a secret `replayKey:<id>`) and the area's settings. The history pages newest first,
 * optionally by target or status class, hence the two (filter, id) indexes; its columns come
 * before the bodies in each row. Migration 1's
 * placeholder `replays` table was never written by any release, so it is replaced.
 */
export const migration004: Migration = {
  id: 4,
  name: 'replay',
  sql: `
    DROP TABLE replays;

    CREATE TABLE replay_drafts (
      id INTEGER PRIMARY KEY,
      name TEXT NOT NULL,
      spec_json TEXT NOT NULL,
      body_kind TEXT NOT NULL CHECK (body_kind IN ('text', 'bytes')),
      body_size INTEGER NOT NULL,
      event_type TEXT,
      target_url TEXT,
      origin_json TEXT NOT NULL,
      created_at TEXT NOT NULL,
      updated_at TEXT NOT NULL,
      body_text TEXT,
      body_bytes BLOB
    );
    CREATE INDEX replay_drafts_by_update ON replay_drafts(updated_at);

    CREATE TABLE replays (
      id INTEGER PRIMARY KEY,
      sent_at TEXT NOT NULL,
      batch_id TEXT NOT NULL,
      draft_id INTEGER,
      draft_name TEXT,
      method TEXT NOT NULL,
      target_url TEXT NOT NULL,
      event_id TEXT,
      event_type TEXT,
      tamper TEXT NOT NULL,
      request_size INTEGER NOT NULL,
      signature TEXT,
      key_label TEXT,
      status INTEGER,
      status_class TEXT NOT NULL,
      error TEXT,
      latency_ms REAL,
      response_size INTEGER,
      response_truncated INTEGER NOT NULL DEFAULT 0,
      location TEXT,
      -- Large values last: the history lists the columns above without walking their overflow pages.
      request_headers_json TEXT NOT NULL,
      request_body BLOB NOT NULL,
      response_headers_json TEXT,
      response_body BLOB
    );
    CREATE INDEX replays_by_target ON replays(target_url, id);
    CREATE INDEX replays_by_status ON replays(status_class, id);

    CREATE TABLE replay_targets (
      id INTEGER PRIMARY KEY,
      url TEXT NOT NULL UNIQUE,
      label TEXT NOT NULL,
      opted_in INTEGER NOT NULL,
      reason TEXT,
      added_at TEXT NOT NULL
    );

    CREATE TABLE replay_keys (
      id TEXT PRIMARY KEY,
      label TEXT NOT NULL,
      added_at TEXT NOT NULL
    );

    CREATE TABLE replay_settings (
      name TEXT PRIMARY KEY,
      value TEXT NOT NULL
    );
  `,
};
