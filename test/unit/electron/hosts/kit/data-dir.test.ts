import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { chooseDataDir, resolveDataDir, SAVED_START_FILE } from '../../../../../electron/hosts/kit/data-dir';
import { tempDirs } from '../../../../support/temp-dirs';

const newDir = tempDirs('hooklab-data-dir-');

/** A config home whose default folder recorded `saved` with `--data-dir saved --save`. */
function configHomeSaving(saved: string | null): string {
  const home = newDir();
  if (saved !== null) {
    mkdirSync(join(home, 'Hooklab'), { recursive: true });
    writeFileSync(join(home, 'Hooklab', SAVED_START_FILE), JSON.stringify({ dataDir: saved }));
  }
  return home;
}


function defaultWithSaved(saved: string): string {
  const defaultDir = join(newDir(), 'Hooklab');
  mkdirSync(defaultDir);
  writeFileSync(join(defaultDir, SAVED_START_FILE), JSON.stringify({ dataDir: saved }));
  return defaultDir;
}

describe('the data folder of a start', () => {
  it('is the saved folder while it exists', () => {
    const saved = newDir();
    const lines: string[] = [];
    expect(resolveDataDir(undefined, false, defaultWithSaved(saved), (l) => lines.push(l))).toBe(saved);
    expect(lines).toEqual([]);
  });

  it('is the default when the saved folder is gone, and says so in one line offering the default', () => {
    const gone = join(newDir(), 'deleted-temp-folder');
    const defaultDir = defaultWithSaved(gone);
    const lines: string[] = [];
    expect(resolveDataDir(undefined, false, defaultDir, (l) => lines.push(l))).toBe(defaultDir);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(`The saved data folder ${gone} no longer exists`);
    expect(lines[0]).toContain(`using the default ${defaultDir}`);
    expect(lines[0]).not.toContain('\n');
  });
});

describe.runIf(process.platform === 'linux')('the one rule every command chooses its data folder by', () => {
  it('--data-dir first, then HOOKLAB_DATA_DIR, then the folder saved with --save, then the default', () => {
    const saved = newDir();
    const home = configHomeSaving(saved);
    expect(chooseDataDir('/srv/given', { XDG_CONFIG_HOME: home, HOOKLAB_DATA_DIR: '/srv/env' })).toBe('/srv/given');
    expect(chooseDataDir(undefined, { XDG_CONFIG_HOME: home, HOOKLAB_DATA_DIR: '/srv/env' })).toBe('/srv/env');
    // What `serve --data-dir S --save` recorded holds for mcp and every command too.
    expect(chooseDataDir(undefined, { XDG_CONFIG_HOME: home })).toBe(saved);
    expect(chooseDataDir(undefined, { XDG_CONFIG_HOME: configHomeSaving(null) })).toMatch(/\/Hooklab$/);
    // An empty variable is no choice.
    expect(chooseDataDir(undefined, { XDG_CONFIG_HOME: home, HOOKLAB_DATA_DIR: '' })).toBe(saved);
  });
});
