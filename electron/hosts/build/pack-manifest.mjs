// `npm pack` / `npm publish` (prepack, postpack): the package.json a user's project receives
// holds what it runs, not what Hooklab's own checkout needs. Without this, every install of the
// package warns that its "prepare" (linking the checkout's bin) is not covered by allowScripts,
// and the manifest lists Hooklab's build and test tools.
//
//   node pack-manifest.mjs strip     before packing: package.json without the checkout's parts
//   node pack-manifest.mjs restore   after packing: the checkout's package.json back
//
// The checkout's own file is kept beside it until restored; a pack that died half-way leaves
// it there, and the next strip puts it back first, so package.json is never lost.
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('../../..', import.meta.url).pathname;
const manifest = join(root, 'package.json');
const kept = join(root, '.package.json.checkout');

/** What only the checkout uses: its npm scripts, its build and test tools, its script approvals. */
export const CHECKOUT_ONLY = ['scripts', 'devDependencies', 'allowScripts'];

function restore() {
  if (existsSync(kept)) renameSync(kept, manifest);
}

function strip() {
  restore();
  const text = readFileSync(manifest, 'utf8');
  const packed = JSON.parse(text);
  for (const field of CHECKOUT_ONLY) delete packed[field];
  writeFileSync(kept, text);
  writeFileSync(manifest, `${JSON.stringify(packed, null, 2)}\n`);
}

const command = process.argv[2];
if (command === 'strip') strip();
else if (command === 'restore') restore();
else {
  process.stderr.write('usage: node pack-manifest.mjs strip|restore\n');
  process.exit(2);
}
