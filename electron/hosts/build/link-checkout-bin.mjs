// Run by `npm install` in Hooklab's checkout (the "prepare" script, which npm never runs when
// the packed package is installed into someone's project): links node_modules/.bin/hooklab to
// checkout-bin.mjs, so `npx hooklab …` works here as it does in a user's project.
import { chmodSync, lstatSync, mkdirSync, rmSync, symlinkSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

// fileURLToPath, not .pathname: a checkout under a path with a space (x%20y) must stay itself.
const root = fileURLToPath(new URL('../../..', import.meta.url));
const binDir = join(root, 'node_modules', '.bin');
const link = join(binDir, 'hooklab');
const target = join(root, 'electron', 'hosts', 'cli', 'checkout-bin.mjs');

mkdirSync(binDir, { recursive: true });
try {
  lstatSync(link);
  rmSync(link);
} catch {
  // No link yet.
}
symlinkSync(relative(binDir, target), link);
// Git keeps the mode, but a checkout made from an archive may not.
chmodSync(target, 0o755);
