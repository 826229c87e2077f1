import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { circles, folderGraph, importGraph, importSpecifiers } from '../../../../.ci/lint/import-graph.mjs';

let root: string | undefined;
afterEach(() => {
  if (root) rmSync(root, { recursive: true, force: true });
  root = undefined;
});

function tree(files: Record<string, string>): string {
  root = mkdtempSync(join(tmpdir(), 'hooklab-graph-'));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

describe('import graph', () => {
  it('reads type-only, re-export, side-effect and dynamic imports, but not commented-out ones', () => {
    expect(
      importSpecifiers(
        "import type { A } from './a';\nexport * from './b.js';\nimport './c';\nconst d = import('./d');\n// import { e } from './e';\n/* import './f'; */\nimport x from 'zod';\n",
      ),
    ).toEqual(['./a', './b.js', './c', './d']);
  });

  it('finds a circle between files, whatever the import kind', () => {
    const graph = importGraph(
      tree({
        'electron/services/a/one.ts': "import type { Two } from './two';\nexport type One = Two;\n",
        'electron/services/a/two.ts': "export const two = () => import('./three.js');\n",
        'electron/services/a/three.ts': "export { one } from './one';\n",
        'electron/services/a/alone.ts': "import { one } from './one';\n",
      }),
    );
    expect(circles(graph)).toEqual([['electron/services/a/one.ts', 'electron/services/a/three.ts', 'electron/services/a/two.ts']]);
  });

  it('finds two sibling folders leaning on each other even when no two files do', () => {
    const graph = importGraph(
      tree({
        'electron/services/a/x.ts': "import { y } from '../b/y';\n",
        'electron/services/b/y.ts': 'export const y = 1;\n',
        'electron/services/b/z.ts': "import { w } from '../a/w';\n",
        'electron/services/a/w.ts': 'export const w = 1;\n',
      }),
    );
    expect(circles(graph)).toEqual([]);
    expect(circles(folderGraph(graph))).toEqual([['electron/services/a', 'electron/services/b']]);
  });

  it('the source tree itself has no circle', () => {
    const graph = importGraph(process.cwd());
    expect(graph.size).toBeGreaterThan(100);
    expect(circles(graph)).toEqual([]);
    expect(circles(folderGraph(graph))).toEqual([]);
  });
});
