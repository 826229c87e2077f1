import type { Migration } from '../migrate';

/**
 * The service's delivery history rows a `.hooklab` bundle carries (docs/share.md), kept apart
 * from the history copy the poller writes (history_deliveries): they are the sender's service's
 * rows, not this folder's, so nothing that reads the copy (History's counts and activity,
 * reconciliation, pending events, resends, the poll cursor) ever sees them. Removing an import
 * (or Live's Clear, which removes every import) removes its rows.
 */
export const migration018: Migration = {
  id: 18,
  name: 'imported-history',
  sql: `
    CREATE TABLE imported_history (
      import_id INTEGER NOT NULL REFERENCES imports(id) ON DELETE CASCADE,
      id INTEGER NOT NULL,
      event_id INTEGER NOT NULL,
      event_type TEXT NOT NULL,
      event_created TEXT NOT NULL,
      url TEXT NOT NULL,
      payload TEXT NOT NULL,
      response_status_code INTEGER NOT NULL,
      delivered INTEGER NOT NULL,
      created TEXT NOT NULL,
      PRIMARY KEY (import_id, id)
    ) WITHOUT ROWID;
    CREATE INDEX imported_history_by_event ON imported_history(event_id);
  `,
};
