import { copyFileSync, existsSync, mkdirSync, readdirSync, readlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runNode } from '../../../../support/hooklab-cli';
import { tempDirs } from '../../../../support/temp-dirs';

// Issue 25, item 11: the checkout scripts find their checkout by their own file URL. Under a
// path with a space, `new URL(…).pathname` gave `x%20y/…`: npm install's prepare step wrote
// there, outside the checkout, and `npm run serve` looked for the UI there.
const root = fileURLToPath(new URL('../../../../..', import.meta.url));
const newDir = tempDirs('hooklab-space-');

/** A checkout under `<tmp>/x y/` holding the given scripts, each at its own path in the checkout. */
function checkoutWithSpace(scripts: readonly string[]): { parent: string; checkout: string } {
  const parent = newDir();
  const checkout = join(parent, 'x y');
  for (const script of scripts) {
    mkdirSync(join(checkout, dirname(script)), { recursive: true });
    copyFileSync(join(root, script), join(checkout, script));
  }
  return { parent, checkout };
}

describe('a checkout under a path with a space', () => {
  it("npm install's prepare step links the bin inside the checkout, and writes nothing beside it", async () => {
    const { parent, checkout } = checkoutWithSpace(['electron/hosts/build/link-checkout-bin.mjs', 'electron/hosts/cli/checkout-bin.mjs']);
    const r = await runNode([join(checkout, 'electron', 'hosts', 'build', 'link-checkout-bin.mjs')], { cwd: checkout });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(readlinkSync(join(checkout, 'node_modules', '.bin', 'hooklab'))).toBe(join('..', '..', 'electron', 'hosts', 'cli', 'checkout-bin.mjs'));
    expect(readdirSync(parent)).toEqual(['x y']);
  });

  it("npm run serve's UI check finds the built UI inside the checkout (no rebuild, nothing written beside it)", async () => {
    const { parent, checkout } = checkoutWithSpace(['electron/hosts/build/ensure-renderer.mjs', 'electron/hosts/build/freshness.mjs']);
    for (const folder of ['renderer', 'shared']) {
      mkdirSync(join(checkout, folder));
      writeFileSync(join(checkout, folder, 'source.ts'), '');
      utimesSync(join(checkout, folder, 'source.ts'), 1_000, 1_000);
    }
    mkdirSync(join(checkout, 'out', 'renderer'), { recursive: true });
    writeFileSync(join(checkout, 'out', 'renderer', 'index.html'), '<!doctype html>');
    const r = await runNode([join(checkout, 'electron', 'hosts', 'build', 'ensure-renderer.mjs')], { cwd: checkout });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(readdirSync(parent)).toEqual(['x y']);
    expect(existsSync(join(parent, 'x%20y'))).toBe(false);
  });
});
