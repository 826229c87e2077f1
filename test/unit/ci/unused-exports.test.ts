import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { exportGraph } from './support/export-graph';
import { scriptFiles, SOURCE_ROOTS } from './support/source-files';

/**
 * No value is exported that nothing uses (issue 42): an export no other file imports (the app,
 * its tests, scripts and configs) and its own file does not read is dead code that readers take
 * for a part of the app. Types are not held to it: a named shape (a store's type, an options
 * object) documents a module even where callers infer it.
 */
const root = process.cwd();

/** Modules whose every export counts as used, with why. */
const PUBLIC_MODULES: Record<string, string> = {
  'electron/hosts/testing/index.ts': "the npm package's `hooklab/testing` entry (package.json exports): users import it",
  'electron/hosts/testing/api.ts': "`hooklab/testing`'s declaration file as it stands (vite.package.config.ts)",
  'renderer/src/components/ui/index.ts': 'the UI kit docs/ui.md documents and shows component by component, for the pages to come',
};

describe('unused exports', () => {
  it('every exported value of electron/, renderer/src/ and shared/ is used: imported by another file or read in its own', () => {
    // Everything that may import: the app, tests, lint scripts, and the configs at the root.
    const configs = readdirSync(root).filter((name) => /\.(ts|mts|js|mjs)$/.test(name));
    const everything = [...scriptFiles(root, ['electron', 'renderer', 'shared', 'test', '.ci']), ...configs];
    const unused = exportGraph(root, everything, Object.keys(PUBLIC_MODULES))
      .unused(scriptFiles(root, SOURCE_ROOTS))
      .filter((e) => !e.isType)
      .map((e) => e.at);
    expect(unused, 'file:line name of each export nothing imports: remove it (or its `export`), or allowlist a public module with its reason').toEqual([]);
  });

  it('follows barrels, namespace and dynamic imports, and counts a use in the own file', () => {
    const dir = mkdtempSync(join(tmpdir(), 'hooklab-exports-'));
    try {
      const files: Record<string, string> = {
        'tsconfig.base.json': JSON.stringify({ compilerOptions: { module: 'ESNext', moduleResolution: 'Bundler' } }),
        'lib/a.ts': 'export const viaBarrel = 1;\nexport const barrelOnly = 2;\nexport const dead = 3;\nexport const local = 4;\nexport const twice = local + 1;',
        'lib/index.ts': "export { viaBarrel, barrelOnly } from './a';\nexport * from './b';",
        'lib/b.ts': 'export const throughStar = 5;\nexport const notThroughStar = 6;',
        'lib/c.ts': 'export const anyOfNamespace = 7;',
        'lib/d.ts': 'export const anyOfDynamic = 8;',
        'app.ts': "import { viaBarrel, throughStar } from './lib';\nimport { twice } from './lib/a';\nimport * as c from './lib/c';\nvoid import('./lib/d');\nexport const used = [viaBarrel, throughStar, twice, c];",
      };
      for (const [path, text] of Object.entries(files)) {
        mkdirSync(dirname(join(dir, path)), { recursive: true });
        writeFileSync(join(dir, path), text);
      }
      const scripts = Object.keys(files).filter((p) => p.endsWith('.ts'));
      const unused = exportGraph(dir, scripts, ['app.ts']).unused(scripts).map((e) => e.at);
      // barrelOnly: re-exported, imported by no one (neither through the barrel nor directly).
      expect(unused).toEqual(['lib/a.ts:2 barrelOnly', 'lib/a.ts:3 dead', 'lib/index.ts:1 barrelOnly', 'lib/b.ts:2 notThroughStar']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
