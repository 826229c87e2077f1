import { describe, expect, it } from 'vitest';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chooseDataDir, SAVED_START_FILE } from '../../../../../electron/hosts/cli/data-dir';
import { tempDirs } from '../../../../support/temp-dirs';

const tempDir = tempDirs('hooklab-data-dir-');

/** A config home whose default folder recorded `saved` with `--data-dir saved --save`. */
function configHomeSaving(saved: string | null): string {
  const home = tempDir();
  if (saved !== null) {
    mkdirSync(join(home, 'Hooklab'), { recursive: true });
    writeFileSync(join(home, 'Hooklab', SAVED_START_FILE), JSON.stringify({ dataDir: saved }));
  }
  return home;
}

describe.runIf(process.platform === 'linux')('the one rule every command chooses its data folder by', () => {
  it('--data-dir first, then HOOKLAB_DATA_DIR, then the folder saved with --save, then the default', () => {
    const home = configHomeSaving('/srv/saved');
    expect(chooseDataDir('/srv/given', { XDG_CONFIG_HOME: home, HOOKLAB_DATA_DIR: '/srv/env' })).toBe('/srv/given');
    expect(chooseDataDir(undefined, { XDG_CONFIG_HOME: home, HOOKLAB_DATA_DIR: '/srv/env' })).toBe('/srv/env');
    // What `serve --data-dir S --save` recorded holds for mcp and every command too.
    expect(chooseDataDir(undefined, { XDG_CONFIG_HOME: home })).toBe('/srv/saved');
    expect(chooseDataDir(undefined, { XDG_CONFIG_HOME: configHomeSaving(null) })).toMatch(/\/Hooklab$/);
    // An empty variable is no choice.
    expect(chooseDataDir(undefined, { XDG_CONFIG_HOME: home, HOOKLAB_DATA_DIR: '' })).toBe('/srv/saved');
  });
});
