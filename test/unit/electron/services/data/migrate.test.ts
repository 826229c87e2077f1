import { describe, expect, it } from 'vitest';
import { DatabaseSync } from 'node:sqlite';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { migrate, type Migration } from '../../../../../electron/services/data/migrate';
import { migrations } from '../../../../../electron/services/data/migrations';
import { openDatabase } from '../../../../../electron/services/data/database';

const version = (db: DatabaseSync) => (db.prepare('PRAGMA user_version').get() as { user_version: number }).user_version;
const tables = (db: DatabaseSync) =>
  (db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").all() as { name: string }[]).map((r) => r.name);

describe('migrations', () => {
  it('build the whole schema from an empty database', () => {
    const db = new DatabaseSync(':memory:');
    expect(migrate(db, migrations)).toEqual(migrations.map((m) => m.id));
    expect(version(db)).toBe(migrations.length);
    expect(tables(db)).toEqual(
      expect.arrayContaining(['received_deliveries', 'forward_results', 'history_deliveries', 'poll_cursors', 'replays']),
    );
  });

  it('do nothing when run twice', () => {
    const db = new DatabaseSync(':memory:');
    migrate(db, migrations);
    const before = tables(db);
    expect(migrate(db, migrations)).toEqual([]);
    expect(tables(db)).toEqual(before);
  });

  it('upgrade a database left by the previous release, keeping its rows', () => {
    const dir = mkdtempSync(join(tmpdir(), 'hooklab-migrate-'));
    try {
      const path = join(dir, 'hooklab.db');
      const old = new DatabaseSync(path);
      migrate(old, migrations.slice(0, 1));
      old
        .prepare(
          `INSERT INTO received_deliveries (received_at, received_at_ms, method, path, headers_json, body, body_size, body_sha256, signature_outcome)
           VALUES ('2026-01-01T00:00:00.000Z', 0, 'POST', '/', '[]', x'7b7d', 2, 'h', 'valid')`,
        )
        .run();
      old.close();
      const db = openDatabase(path);
      expect(version(db)).toBe(migrations.length);
      expect((db.prepare('SELECT COUNT(*) AS n FROM received_deliveries').get() as { n: number }).n).toBe(1);
      db.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('apply only the new steps, and roll a failing step back entirely', () => {
    const db = new DatabaseSync(':memory:');
    const first: Migration = { id: 1, name: 'a', sql: 'CREATE TABLE a (x INTEGER)' };
    const second: Migration = { id: 2, name: 'b', sql: 'CREATE TABLE b (x INTEGER)' };
    const broken: Migration = { id: 3, name: 'c', sql: 'CREATE TABLE c (x INTEGER); SELECT * FROM nowhere' };
    migrate(db, [first]);
    expect(migrate(db, [first, second])).toEqual([2]);
    expect(() => migrate(db, [first, second, broken])).toThrow(/migration 3 \(c\) failed/);
    expect(version(db)).toBe(2);
    expect(tables(db)).not.toContain('c');
  });

  it('refuse a database from a newer Hooklab instead of corrupting it', () => {
    const db = new DatabaseSync(':memory:');
    db.exec(`PRAGMA user_version = ${migrations.length + 5}`);
    expect(() => migrate(db, migrations)).toThrow(/newer than this Hooklab/);
  });

  it('uses WAL', () => {
    const dir = mkdtempSync(join(tmpdir(), 'hooklab-wal-'));
    try {
      const db = openDatabase(join(dir, 'x.db'));
      expect((db.prepare('PRAGMA journal_mode').get() as { journal_mode: string }).journal_mode).toBe('wal');
      db.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
