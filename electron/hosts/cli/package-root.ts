import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The folder holding Hooklab's package.json. The same code runs from its TypeScript source
 * (electron/hosts/cli/) in the checkout and bundled (dist/package/cli/) in the installed
 * package, so files beside it (package.json, out/renderer) are found by walking up, not by a
 * fixed number of `..`.
 */
export function packageRoot(from: string = import.meta.url): string {
  let dir = dirname(fileURLToPath(from));
  for (;;) {
    const manifest = join(dir, 'package.json');
    if (existsSync(manifest) && readName(manifest) === 'hooklab') return dir;
    const parent = dirname(dir);
    if (parent === dir) throw new Error('cannot find the hooklab package folder (package.json named "hooklab")');
    dir = parent;
  }
}

function readName(manifest: string): string | undefined {
  try {
    return (JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string }).name;
  } catch {
    return undefined;
  }
}
