import { mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { basename, join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { describe, expect, it } from 'vitest';
import { defaultDataDir } from '../../../electron/hosts/kit/data-dir';
import { differences, photograph } from '../../support/home-guard';
import { tempDirs } from '../../support/temp-dirs';

const newDir = tempDirs('hooklab-guard-');

describe('tests never touch the real home', () => {
  it('the run has a temporary HOME and config folder, so the default data folder is not the user\'s', () => {
    const realHome = userInfo().homedir;
    expect(process.env.HOME).not.toBe(realHome);
    expect(process.env.HOME!.startsWith(tmpdir())).toBe(true);
    // The run's own (vitest global setup), not whichever HOME the runner was started with.
    expect(basename(process.env.HOME!)).toMatch(/^hooklab-test-home-/);
    expect(process.env.XDG_CONFIG_HOME).toBe(join(process.env.HOME!, '.config'));
    expect(defaultDataDir().startsWith(process.env.HOME!)).toBe(true);
  });

  it('the guard sees a folder created, a file written and a delivery recorded, not a WAL that moved', () => {
    const folder = join(newDir(), 'Hooklab');
    const absent = photograph(folder);
    mkdirSync(folder);
    const db = new DatabaseSync(join(folder, 'hooklab.db'));
    db.exec('PRAGMA journal_mode = WAL; CREATE TABLE deliveries (id INTEGER PRIMARY KEY)');
    writeFileSync(join(folder, 'start.json'), '{}');
    expect(differences(folder, absent, photograph(folder)).join('\n')).toMatch(/Hooklab\/start.json was created/);

    const before = photograph(folder);
    writeFileSync(join(folder, 'hooklab.db-wal-like-noise-wal'), 'x');
    expect(differences(folder, before, photograph(folder))).toEqual([]);
    db.exec('INSERT INTO deliveries DEFAULT VALUES');
    db.close();
    expect(differences(folder, before, photograph(folder))).toEqual([`${join(folder, 'hooklab.db')} changed: deliveries rows 0 -> 1`]);
  });
});
