// Runs a built Electron main file in plain Node, as Electron would: `electron` resolves to the
// recorded stand-in (for ESM imports and CommonJS requires alike), the main file is loaded, and
// only then may the test emit `ready`. Usage: node launch.mjs <main file> [args...]
import { registerHooks } from 'node:module';
import { pathToFileURL } from 'node:url';
import { resolve } from 'node:path';

const standin = new URL('./electron.mjs', import.meta.url).href;
registerHooks({
  resolve(specifier, context, nextResolve) {
    if (specifier === 'electron') return { url: standin, format: 'module', shortCircuit: true };
    return nextResolve(specifier, context);
  },
});

const { startDriver } = await import('./driver.mjs');
startDriver();

// The host sees the argv Electron gives it: [binary, main file, ...args].
process.argv.splice(1, 1);
const main = process.argv[1];
const say = (/** @type {unknown} */ message) =>
  new Promise((done) => process.send?.(message, () => done(undefined)));
if (!main) {
  await say({ type: 'load-failed', error: 'no main file given to the launcher' });
  process.exit(2);
}
try {
  await import(pathToFileURL(resolve(main)).href);
  await say({ type: 'loaded' });
} catch (error) {
  await say({ type: 'load-failed', error: /** @type {Error} */ (error).stack ?? String(error) });
  process.exit(1);
}
