import { describe, expect, it } from 'vitest';
import { copyFileSync, mkdirSync, openSync, readdirSync, statSync, writeFileSync, writeSync, closeSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { openDatabase } from '../../../../electron/services/data/database';
import { openDataFolder } from '../../../../electron/hosts/data-folder/open-folder';
import { DamagedDatabaseError } from '../../../../electron/services/data/app-database';
import { createLiveFeature } from '../../../../electron/features/live/feature';
import { tempDirs } from '../../../support/temp-dirs';
import { runHooklab } from '../../../support/hooklab-cli';

const tempDir = tempDirs('hooklab-damaged-db-');
const quiet = { info: () => {}, warn: () => {}, error: () => {}, debug: () => {} };

/** A real hooklab.db with 300 stored deliveries of 3 KB (many pages), closed cleanly. */
function databaseWithDeliveries(): string {
  const dir = tempDir();
  const path = join(dir, 'hooklab.db');
  const db = openDatabase(path);
  const insert = db.prepare(`INSERT INTO received_deliveries (received_at, received_at_ms, method, path, headers_json, body, body_size, body_sha256,
      event_type, order_id, signature_outcome, attempt) VALUES (?, ?, 'POST', '/webhooks', '[]', ?, ?, ?, 'Created', ?, 'valid', 1)`);
  db.exec('BEGIN');
  for (let i = 0; i < 300; i++) {
    const body = Buffer.from(JSON.stringify({ orderId: `o-${i}`, type: 'Created', description: 'd'.repeat(3000) }));
    insert.run(new Date(0).toISOString(), i, body, body.length, createHash('sha256').update(body).digest('hex'), `o-${i}`);
  }
  db.exec('COMMIT');
  db.exec('PRAGMA wal_checkpoint(TRUNCATE)');
  db.close();
  return path;
}

/** A data folder holding a copy of `source` with one page overwritten by garbage. */
function damagedCopy(source: string, page: number): string {
  const dir = tempDir();
  mkdirSync(dir, { recursive: true });
  // Free ports: never the defaults (a running Hooklab may hold them).
  writeFileSync(join(dir, 'settings.json'), JSON.stringify({ tracing: { port: 0 }, listener: { port: 0 } }));
  copyFileSync(source, join(dir, 'hooklab.db'));
  const fd = openSync(join(dir, 'hooklab.db'), 'r+');
  writeSync(fd, Buffer.alloc(4096, 0x5a), 0, 4096, page * 4096);
  closeSync(fd);
  return dir;
}

/** Starts a core on the folder as a host does; the error it stopped with, or null. */
async function startOn(dataDir: string): Promise<unknown> {
  const folder = openDataFolder({ dataDir, kind: 'serve', version: 'test', log: quiet, features: (ctx) => [createLiveFeature(ctx)], requireAllHandlers: false });
  try {
    await folder.core.start();
    return null;
  } catch (error) {
    return error;
  } finally {
    await folder.close();
  }
}

describe('a damaged page inside hooklab.db', () => {
  it('is checked, set aside and said in one line at start (several pages tried), and the next start begins on a new database', async () => {
    const source = databaseWithDeliveries();
    const pages = statSync(source).size / 4096;
    let damagedStarts = 0;
    for (const fraction of [0.2, 0.4, 0.6, 0.8, 0.95]) {
      const dir = damagedCopy(source, Math.floor(pages * fraction));
      const error = await startOn(dir);
      if (error === null) continue; // a page no read at start touches
      expect(error).toBeInstanceOf(DamagedDatabaseError);
      const message = (error as Error).message;
      expect(message).toMatch(/^hooklab\.db is damaged \(.*integrity check: .*\) and was moved to .*hooklab\.db\.broken-\S+\. Start Hooklab again: it begins on a new, empty database\. Lost: /);
      expect(message).not.toContain('\n');
      expect(readdirSync(dir).filter((f) => f.startsWith('hooklab.db.broken-'))).toHaveLength(1);
      expect(await startOn(dir)).toBeNull();
      damagedStarts++;
    }
    expect(damagedStarts).toBeGreaterThan(0);
  }, 120_000);

  it('stops `hooklab serve` with one line, never a stack', async () => {
    const source = databaseWithDeliveries();
    const pages = statSync(source).size / 4096;
    for (const fraction of [0.4, 0.6, 0.2, 0.8]) {
      const dir = damagedCopy(source, Math.floor(pages * fraction));
      const run = await runHooklab(['serve', '--ui-port', '0', '--listener-port', '0', '--sandbox-port', '0', '--data-dir', dir]);
      if (run.code === null || !/damaged/.test(run.stderr)) continue;
      const lines = run.stderr.split('\n').filter((l) => l.includes('hooklab.db'));
      expect(lines).toEqual([expect.stringMatching(/^hooklab serve: hooklab\.db is damaged .* and was moved to /)]);
      expect(run.stderr).not.toMatch(/^\s+at /m);
      expect(run.code).not.toBe(0);
      return;
    }
    throw new Error('no damaged page stopped serve');
  }, 120_000);
});
