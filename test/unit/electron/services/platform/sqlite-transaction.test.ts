import { DatabaseSync } from 'node:sqlite';
import { describe, expect, it } from 'vitest';
import { withTransaction } from '../../../../../electron/services/platform/sqlite-transaction';

function database(): DatabaseSync {
  const db = new DatabaseSync(':memory:');
  db.exec(`PRAGMA foreign_keys = ON;
    CREATE TABLE parent (id INTEGER PRIMARY KEY);
    CREATE TABLE child (id INTEGER PRIMARY KEY, parent_id INTEGER REFERENCES parent(id) DEFERRABLE INITIALLY DEFERRED);`);
  return db;
}
const count = (db: DatabaseSync, table: string) => Number((db.prepare(`SELECT COUNT(*) AS n FROM ${table}`).get() as { n: number }).n);

describe('withTransaction', () => {
  it('commits what fn wrote and returns its result', () => {
    const db = database();
    expect(withTransaction(db, () => db.prepare('INSERT INTO parent (id) VALUES (1)').run().changes)).toBe(1);
    expect(db.isTransaction).toBe(false);
    expect(count(db, 'parent')).toBe(1);
  });

  it('rolls everything back when fn throws, and passes the error on', () => {
    const db = database();
    expect(() =>
      withTransaction(db, () => {
        db.prepare('INSERT INTO parent (id) VALUES (1)').run();
        throw new Error('half-way');
      }),
    ).toThrow('half-way');
    expect(db.isTransaction).toBe(false);
    expect(count(db, 'parent')).toBe(0);
  });

  it('leaves no transaction open when COMMIT itself fails', () => {
    const db = database();
    // A deferred foreign key is checked at COMMIT: the commit fails and the transaction stays open.
    expect(() => withTransaction(db, () => db.prepare('INSERT INTO child (id, parent_id) VALUES (1, 42)').run())).toThrow(/FOREIGN KEY/);
    expect(db.isTransaction).toBe(false);
    expect(count(db, 'child')).toBe(0);
    // The next transaction starts cleanly.
    withTransaction(db, () => db.prepare('INSERT INTO parent (id) VALUES (42)').run());
    expect(count(db, 'parent')).toBe(1);
  });
});
