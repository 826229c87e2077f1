import { symlinkSync, writeFileSync, openSync, ftruncateSync, closeSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../../../../../electron/services/data/database';
import { hooklabInProcess } from '../../../../../support/hooklab-in-process';
import { tempDirs } from '../../../../../support/temp-dirs';

const newDir = tempDirs('hooklab-import-hostile-');

const entry = (body: object) => ({
  startedDateTime: '2026-01-01T00:00:00.000Z',
  request: { method: 'POST', url: 'https://x.test/hooks', headers: [{ name: 'Content-Type', value: 'application/json' }], postData: body },
  response: { status: 200 },
});
const goodEntry = entry({ mimeType: 'application/json', text: '{"type":"Created","orderId":"o1"}' });

/** Each hostile file, written into `dir`, and the words its one-line refusal must contain. */
const HOSTILE: Array<[string, (dir: string) => string, RegExp]> = [
  ['a HAR with 1,000,000 entries', (dir) => write(dir, 'million.har', `{"log":{"version":"1.2","entries":[${Array(1_000_000).fill('{}').join(',')}]}}`), /1,000,000 entries is over the import limit of 100,000/],
  ['a 2 GB file', (dir) => sparse(dir, 'huge.har', 2 * 1024 ** 3), /is 2048 MiB, larger than the 512 MiB allowed: nothing imported/],
  ['broken JSON', (dir) => write(dir, 'broken.har', '{"log": {"entries": [ {"request": '), /not valid JSON, broken or cut short/],
  ['JSON that is not a HAR', (dir) => write(dir, 'other.json', '{"hello":"world"}'), /not a HAR \(no log\.entries\) or a Hooklab bundle/],
  ['a body that does not decode', (dir) => write(dir, 'bad-body.har', JSON.stringify({ log: { entries: [goodEntry, entry({ text: '%%% not base64 %%%', encoding: 'base64' })] } })), /entry 2: the body is marked Base64 but does not decode/],
  ['a bundle made by a newer Hooklab', (dir) => write(dir, 'newer.hooklab', JSON.stringify({ format: 'hooklab-bundle', version: 2, deliveries: [] })), /bundle version 2 was made by a newer Hooklab/],
  ['a bundle with a history row of the wrong shape', (dir) => write(dir, 'bad-history.hooklab', JSON.stringify(bundleWith([historyRow(1), { ...historyRow(2), payload: 7 }]))), /history row 2 is not a delivery of the service's history \(payload\)/],
  ['a bundle whose history names one delivery twice', (dir) => write(dir, 'twice.hooklab', JSON.stringify(bundleWith([historyRow(1), historyRow(1)]))), /history row 2 repeats delivery 1/],
  ['a symlink to /dev/zero', (dir) => link(dir, 'zero.har', '/dev/zero'), /not a regular file/],
  ['a folder', (dir) => dir, /not a regular file/],
];

/** One row of the service's history, as a bundle carries it (docs/share.md). */
function historyRow(id: number) {
  return { id, eventId: 500, eventType: 'Created', eventCreated: '2026-01-01T00:00:00Z', url: 'https://x.test/hooks', payload: '{"type":"Created","orderId":"o1"}', responseStatusCode: 200, delivered: true, created: '2026-01-01T00:00:01Z' };
}

/** A bundle of one unsigned delivery of event 500 and the given history rows. */
function bundleWith(history: unknown[]) {
  const body = Buffer.from('{"type":"Created","orderId":"o1"}').toString('base64');
  const delivery = { deliveryId: 1, receivedAt: '2026-01-01T00:00:01Z', method: 'POST', url: 'https://x.test/hooks', headers: [['X-Svc-Event-Id', '500']], bodyBase64: body, signature: 'missing' };
  return { format: 'hooklab-bundle', version: 1, note: '', deliveries: [delivery], history };
}

function write(dir: string, name: string, text: string): string {
  writeFileSync(join(dir, name), text);
  return join(dir, name);
}
function sparse(dir: string, name: string, size: number): string {
  const fd = openSync(join(dir, name), 'w');
  ftruncateSync(fd, size);
  closeSync(fd);
  return join(dir, name);
}
function link(dir: string, name: string, target: string): string {
  symlinkSync(target, join(dir, name));
  return join(dir, name);
}

function storedRows(dataDir: string): { deliveries: number; imports: number; importedHistory: number; history: number } {
  const db = openDatabase(join(dataDir, 'hooklab.db'));
  try {
    const count = (table: string) => Number((db.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n);
    return { deliveries: count('received_deliveries'), imports: count('imports'), importedHistory: count('imported_history'), history: count('history_deliveries') };
  } finally {
    db.close();
  }
}

describe('hooklab import refuses hostile files at once, in one line, importing nothing', () => {
  it.each(HOSTILE)('%s', async (_name, make, words) => {
    const files = newDir();
    const dataDir = newDir();
    const path = make(files);
    const run = await hooklabInProcess(['import', path, '--data-dir', dataDir], { cwd: files });
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(words);
    expect(run.stderr.trim().split('\n').filter((l) => l.trim() !== '')).toHaveLength(1);
    // Refused before a data folder was touched, or after: either way nothing is stored.
    try {
      expect(storedRows(dataDir)).toEqual({ deliveries: 0, imports: 0, importedHistory: 0, history: 0 });
    } catch (error) {
      if (!/no such table/.test((error as Error).message)) throw error;
    }
  }, 60_000);

  it('a good file imports, and says what it stored', async () => {
    const files = newDir();
    const dataDir = newDir();
    const path = write(files, 'ok.har', JSON.stringify({ log: { entries: [goodEntry] } }));
    const run = await hooklabInProcess(['import', path, '--data-dir', dataDir], { cwd: files });
    expect(run.stderr).toBe('');
    expect(run.stdout).toMatch(/^imported 1 request from ok\.har \(HAR: 1 missing\), marked imported in Live/);
    expect(run.code).toBe(0);
    expect(storedRows(dataDir)).toEqual({ deliveries: 1, imports: 1, importedHistory: 0, history: 0 });
  });

  it("a bundle's history rows are kept beside its deliveries, apart from the folder's own history, and go with the import", async () => {
    const files = newDir();
    const dataDir = newDir();
    const path = write(files, 'team.hooklab', JSON.stringify(bundleWith([historyRow(1), historyRow(2)])));
    const run = await hooklabInProcess(['import', path, '--data-dir', dataDir], { cwd: files });
    expect(run.stderr).toBe('');
    expect(run.stdout).toContain("2 rows of the sender's service history kept beside them (never counted as this folder's history)");
    expect(run.code).toBe(0);
    expect(storedRows(dataDir)).toEqual({ deliveries: 1, imports: 1, importedHistory: 2, history: 0 });
    const db = openDatabase(join(dataDir, 'hooklab.db'));
    try {
      db.exec('DELETE FROM imports'); // what Live's Clear does to imports
    } finally {
      db.close();
    }
    expect(storedRows(dataDir)).toEqual({ deliveries: 0, imports: 0, importedHistory: 0, history: 0 });
  });
});
