import type { Migration } from '../migrate';

/**
 * The start-up data moves done (services/data/data-moves.ts): one-off moves of what an older
 * Hooklab left (rows into the settings file, kinds of old bodies) that need more than SQL. Each
 * is recorded here once it completed, so it runs once per database, in order.
 */
export const migration019: Migration = {
  id: 19,
  name: 'data-moves',
  sql: `
    CREATE TABLE data_moves (
      id INTEGER PRIMARY KEY,
      name TEXT NOT NULL,
      done_at TEXT NOT NULL
    );
  `,
};
