import { copyFileSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runNode } from '../../../../support/hooklab-cli';
import { tempDirs } from '../../../../support/temp-dirs';

// `npm run serve` builds the UI when it is missing: one line while it builds, the build's own
// output only when it fails (in full, so the cause is there).
const root = fileURLToPath(new URL('../../../../..', import.meta.url));
const newDir = tempDirs('hooklab-ensure-ui-');

/** A checkout without a built UI whose `build:renderer` runs `script` (a stand-in for Vite's build). */
function checkoutBuilding(script: string): string {
  const checkout = newDir();
  const build = join(checkout, 'electron', 'hosts', 'build');
  mkdirSync(build, { recursive: true });
  for (const file of ['ensure-renderer.mjs', 'freshness.mjs']) copyFileSync(join(root, 'electron', 'hosts', 'build', file), join(build, file));
  for (const folder of ['renderer', 'shared']) mkdirSync(join(checkout, folder));
  writeFileSync(join(checkout, 'build.cjs'), script);
  writeFileSync(join(checkout, 'package.json'), JSON.stringify({ name: 'checkout', private: true, scripts: { 'build:renderer': 'node build.cjs' } }));
  return checkout;
}

const VITE_LIKE = `
console.log('vite v8.0.0 building client environment for production...');
console.log('✓ 2431 modules transformed.');
console.warn('(!) Some chunks are larger than 500 kB after minification.');
`;

describe("npm run serve's UI build", () => {
  it('says one line while it builds and nothing of the build itself', async () => {
    const checkout = checkoutBuilding(`${VITE_LIKE}
require('node:fs').mkdirSync('out/renderer', { recursive: true });
require('node:fs').writeFileSync('out/renderer/index.html', '<!doctype html>');`);
    const r = await runNode([join(checkout, 'electron', 'hosts', 'build', 'ensure-renderer.mjs')], { cwd: checkout });
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe('Building the UI…\n');
    expect(existsSync(join(checkout, 'out', 'renderer', 'index.html'))).toBe(true);
  });

  it("shows the build's whole output when it fails, and fails", async () => {
    const checkout = checkoutBuilding(`${VITE_LIKE}
console.error('[vite:esbuild] renderer/src/main.tsx: Unexpected "}"');
process.exit(1);`);
    const r = await runNode([join(checkout, 'electron', 'hosts', 'build', 'ensure-renderer.mjs')], { cwd: checkout });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('Building the UI…\n');
    expect(r.stderr).toContain('✓ 2431 modules transformed.');
    expect(r.stderr).toContain('[vite:esbuild] renderer/src/main.tsx: Unexpected "}"');
    expect(r.stderr).toContain('The UI build failed (exit status 1).');
    expect(r.stderr).not.toMatch(/\n\s+at /); // no stack trace of this script
  });
});
