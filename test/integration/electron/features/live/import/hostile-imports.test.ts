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
  ['a symlink to /dev/zero', (dir) => link(dir, 'zero.har', '/dev/zero'), /not a regular file/],
  ['a folder', (dir) => dir, /not a regular file/],
];

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

function storedRows(dataDir: string): { deliveries: number; imports: number } {
  const db = openDatabase(join(dataDir, 'hooklab.db'));
  try {
    const deliveries = (db.prepare('SELECT count(*) AS n FROM received_deliveries').get() as { n: number }).n;
    const imports = (db.prepare('SELECT count(*) AS n FROM imports').get() as { n: number }).n;
    return { deliveries: Number(deliveries), imports: Number(imports) };
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
      expect(storedRows(dataDir)).toEqual({ deliveries: 0, imports: 0 });
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
    expect(storedRows(dataDir)).toEqual({ deliveries: 1, imports: 1 });
  });
});
