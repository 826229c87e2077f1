import { describe, expect, it } from 'vitest';
import { copyFileSync, mkdirSync, openSync, readdirSync, statSync, writeFileSync, writeSync, closeSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { openDatabase } from '../../../../electron/services/data/database';
import { openDataFolder } from '../../../../electron/hosts/data-folder/open-folder';
import { createLiveFeature } from '../../../../electron/features/live/feature';
import { tempDirs } from '../../../support/temp-dirs';
import { processExists } from '../../../support/server-process';
import { connectToRunningInstance } from '../../../../electron/services/instance/instance-client';
import { startServeOn } from '../services/instance/serve-on-folder';

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

/** What a start on the folder through its opener left: the core that runs, its log's warnings. */
interface Started {
  readonly warnings: string[];
  readonly replaced: boolean;
  readonly notices: readonly string[];
  readonly deliveries: number;
  readonly listener: string;
}

/** Starts the folder's core as a host does (openDataFolder, then its start) and stops it again. */
async function startOn(dataDir: string): Promise<Started> {
  const warnings: string[] = [];
  const log = { ...quiet, warn: (message: string) => warnings.push(message) };
  const folder = openDataFolder({ dataDir, kind: 'serve', version: 'test', log, features: (ctx) => [createLiveFeature(ctx)], requireAllHandlers: false });
  const first = folder.core;
  try {
    const core = await folder.start();
    const count = core.ctx.data.db.prepare('SELECT count(*) AS n FROM received_deliveries').get() as { n: number };
    const status = core.ctx.runtime.status.get();
    return { warnings, replaced: core !== first, notices: status.host.dataNotices, deliveries: count.n, listener: status.listener.state };
  } finally {
    await folder.close();
  }
}

const DAMAGED_LINE =
  /^hooklab\.db is damaged \(.*integrity check: .*\) and was moved to .*hooklab\.db\.broken-\S+\. Lost: .*; a new, empty database was started\.$/;

describe('a damaged page inside hooklab.db', () => {
  it('is checked, set aside and said in one line at start (several pages tried), and the same start goes on on a new database', async () => {
    const source = databaseWithDeliveries();
    const pages = statSync(source).size / 4096;
    let damagedStarts = 0;
    for (const fraction of [0.2, 0.4, 0.6, 0.8, 0.95]) {
      const dir = damagedCopy(source, Math.floor(pages * fraction));
      const started = await startOn(dir);
      if (!started.replaced) continue; // a page no read at start touches
      const lines = started.warnings.filter((w) => w.includes('hooklab.db'));
      expect(lines).toEqual([expect.stringMatching(DAMAGED_LINE)]);
      // As a truncated file: in the status bar too, and the app runs on a new, empty database.
      expect(started.notices).toEqual(lines);
      expect(started.deliveries).toBe(0);
      expect(started.listener).toBe('listening');
      expect(readdirSync(dir).filter((f) => f.startsWith('hooklab.db.broken-'))).toHaveLength(1);
      // The next start finds the new database whole: nothing more is set aside.
      const next = await startOn(dir);
      expect(next.replaced).toBe(false);
      expect(next.warnings.filter((w) => w.includes('hooklab.db'))).toEqual([]);
      damagedStarts++;
    }
    expect(damagedStarts).toBeGreaterThan(0);
  }, 120_000);

  it('lets `hooklab serve` go on after one line, never a stack: it runs and stores a webhook sent to its listener', async () => {
    const source = databaseWithDeliveries();
    const pages = statSync(source).size / 4096;
    for (const fraction of [0.4, 0.6, 0.2, 0.8]) {
      const dir = damagedCopy(source, Math.floor(pages * fraction));
      const serve = await startServeOn(dir);
      try {
        const output = serve.process.output();
        if (!/is damaged/.test(output)) continue;
        const lines = output.split('\n').filter((l) => l.includes('hooklab.db'));
        expect(lines).toEqual([expect.stringMatching(/^\[hooklab\] warn hooklab\.db is damaged .* and was moved to .*a new, empty database was started\.$/)]);
        expect(output.indexOf(lines[0]!)).toBeLessThan(output.indexOf('Hooklab is running at'));
        expect(output).not.toMatch(/^\s+at /m);
        const client = connectToRunningInstance(dir)!;
        const status = await client.call('app.status', {});
        expect(status.listener.state).toBe('listening');
        const response = await fetch(status.listener.url!, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ orderId: 'after-damage', type: 'Created' }),
        });
        expect(response.ok).toBe(true);
        const { rows } = await client.call('live.list', {});
        expect(rows).toHaveLength(1);
        client.close();
        return;
      } finally {
        await serve.stop();
        expect(processExists(-serve.process.pid)).toBe(false);
      }
    }
    throw new Error('no damaged page was found by serve at start');
  }, 120_000);
});
