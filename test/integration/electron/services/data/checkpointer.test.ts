import { describe, expect, it } from 'vitest';
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { openDatabase } from '../../../../../electron/services/data/database';
import { startCheckpointer } from '../../../../../electron/services/data/checkpointer';
import { tempDirs } from '../../../../support/temp-dirs';

describe('background WAL checkpointer', () => {
  const tempDir = tempDirs('hooklab-ckpt-');

  it('copies committed pages into the database file off the main thread, and loses nothing on close', async () => {
    const dir = tempDir();
    const path = join(dir, 'hooklab.db');
    const db = openDatabase(path);
    const checkpointer = startCheckpointer(db, path);
    // The main connection no longer checkpoints at SQLite's default 1,000 pages (4 MB) ...
    expect(db.prepare('PRAGMA wal_autocheckpoint').get()).toEqual({ wal_autocheckpoint: 16_384 });
    db.exec('CREATE TABLE blobs (id INTEGER PRIMARY KEY, body BLOB NOT NULL)');
    const insert = db.prepare('INSERT INTO blobs (body) VALUES (?)');
    const body = new Uint8Array(4096).fill(7);
    // ... so these 4 MB, in small transactions and far under its 64 MB fallback, reach the
    // database file only through the background worker.
    for (let i = 0; i < 1024; i++) insert.run(body);
    await expect.poll(() => statSync(path).size, { timeout: 10_000 }).toBeGreaterThan(4 * 1024 * 1024);
    await checkpointer.stop();
    db.close();

    const reopened = openDatabase(path);
    expect(reopened.prepare('SELECT count(*) AS n FROM blobs').get()).toEqual({ n: 1024 });
    reopened.close();
  });

  it('does nothing for an in-memory database', async () => {
    const db = openDatabase(':memory:');
    const checkpointer = startCheckpointer(db, ':memory:');
    await checkpointer.stop();
    db.close();
  });
});
