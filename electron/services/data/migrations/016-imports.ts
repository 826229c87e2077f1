import type { Migration } from '../migrate';

/**
 * Imported requests (a HAR or a bundle a teammate sent) live in received_deliveries beside what
 * the listener received, so Live, Sequences and Replay read them with the reads they already
 * have; `import_id` names the import they came from (NULL: received by the listener). Nothing
 * that judges the listener's own traffic counts them: the running totals (this delete trigger
 * and DeliveryStore.commitBatch), retention, duplicate and order checks of new arrivals, and
 * History's reconciliation all read `import_id IS NULL`. Removing an import removes its rows.
 * `signing_key_id`: a bundle's throwaway key, kept as a Replay throwaway key (its value in the
 * secrets, encrypted like every key), so Replay signs the bundle's deliveries with it.
 */
export const migration016: Migration = {
  id: 16,
  name: 'imports',
  sql: `
    CREATE TABLE imports (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      file_name TEXT NOT NULL,
      kind TEXT NOT NULL,
      imported_at TEXT NOT NULL,
      note TEXT,
      count INTEGER NOT NULL,
      signing_key_id TEXT
    );
    ALTER TABLE received_deliveries ADD COLUMN import_id INTEGER REFERENCES imports(id) ON DELETE CASCADE;
    CREATE INDEX received_by_import ON received_deliveries(import_id) WHERE import_id IS NOT NULL;
    DROP TRIGGER received_totals_delete;
    CREATE TRIGGER received_totals_delete AFTER DELETE ON received_deliveries WHEN OLD.import_id IS NULL BEGIN
      UPDATE received_totals SET count = count - 1, bytes = bytes - length(OLD.body) - length(OLD.headers_json);
    END;
  `,
};
