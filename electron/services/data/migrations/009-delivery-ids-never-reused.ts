import type { DatabaseSync } from 'node:sqlite';
import type { Migration } from '../migrate';

const TABLE = 'received_deliveries';

/**
 * Delivery ids are never reused: without AUTOINCREMENT SQLite gives an emptied table (Clear,
 * retention of the newest row) id 1 again, and a link, a Replay draft's source or a search
 * result would then point at another delivery. The table is rebuilt from its own CREATE text
 * (so columns added by other steps come along), then its indexes and triggers are made again
 * from theirs; AUTOINCREMENT's sqlite_sequence starts at the highest id kept.
 */
export const migration009: Migration = {
  id: 9,
  name: 'delivery-ids-never-reused',
  sql: '',
  rebuild: (db: DatabaseSync) => {
    const table = db.prepare("SELECT sql FROM sqlite_master WHERE type = 'table' AND name = ?").get(TABLE) as { sql: string } | undefined;
    if (!table) throw new Error(`${TABLE} is missing`);
    const withAutoincrement = table.sql.replace(/\bid INTEGER PRIMARY KEY\b(?! AUTOINCREMENT)/, 'id INTEGER PRIMARY KEY AUTOINCREMENT');
    if (withAutoincrement === table.sql) throw new Error(`${TABLE}.id is not a plain INTEGER PRIMARY KEY`);
    const dependents = db
      .prepare("SELECT sql FROM sqlite_master WHERE tbl_name = ? AND type IN ('index', 'trigger') AND sql IS NOT NULL")
      .all(TABLE) as { sql: string }[];
    db.exec(withAutoincrement.replace(/^CREATE TABLE\s+("?)received_deliveries\1/, 'CREATE TABLE received_deliveries_rebuilt'));
    db.exec(`INSERT INTO received_deliveries_rebuilt SELECT * FROM ${TABLE}`);
    db.exec(`DROP TABLE ${TABLE}`);
    db.exec(`ALTER TABLE received_deliveries_rebuilt RENAME TO ${TABLE}`);
    for (const { sql } of dependents) db.exec(sql);
  },
};
