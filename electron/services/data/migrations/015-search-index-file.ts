import type { Migration } from '../migrate';

/**
 * The search index leaves hooklab.db for a file of its own (services/data/search-index-file.ts):
 * indexing wrote to hooklab.db from the app's main thread, so it took the write lock the
 * listener's commits need and the two threads took turns at it under load. Derived data only:
 * the index is rebuilt there from received_deliveries (ids only grow, migration 009, so "indexed
 * through id N" is all it needs to remember). The delete trigger's search part goes with it; a
 * search skips ids no longer stored, and the index forgets them later on the main thread.
 *
 * `database_identity` names this database, so an index file left beside a database that was
 * replaced (a damaged one set aside, a copied folder) is noticed and rebuilt, never trusted.
 */
export const migration015: Migration = {
  id: 15,
  name: 'search-index-file',
  sql: `
    DROP TRIGGER IF EXISTS received_search_forget;
    DROP TABLE IF EXISTS received_search_pending;
    DROP TABLE IF EXISTS received_search;
    CREATE TABLE database_identity (id TEXT NOT NULL);
    INSERT INTO database_identity (id) VALUES (lower(hex(randomblob(16))));
  `,
};
