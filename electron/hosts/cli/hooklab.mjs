#!/usr/bin/env node
/**
 * The `hooklab` bin (package.json "bin"): `hooklab check-handler …` and `hooklab sign …` in any
 * project's CI where Hooklab is installed. It runs Hooklab's TypeScript through tsx (a runtime
 * dependency, so it is there wherever Hooklab is installed) and needs Node 22 or newer, which
 * the project's own `node` dev dependency provides (npx hooklab and npm scripts use it).
 */
const major = Number(process.versions.node.split('.')[0]);
if (major < 22) {
  process.stderr.write(
    `hooklab: needs Node 22 or newer, this is ${process.version}. Install Node 22+, or run it with the Node Hooklab installs: node_modules/.bin/node node_modules/.bin/hooklab …\n`,
  );
  process.exit(2);
}

let register;
try {
  ({ register } = await import('tsx/esm/api'));
} catch {
  process.stderr.write('hooklab: cannot load tsx, a dependency of Hooklab: run "npm install" in the Hooklab folder.\n');
  process.exit(2);
}
register();
const { hooklab } = await import('./hooklab-commands.ts');
const { processIo } = await import('./cli-io.ts');
process.exitCode = await hooklab(process.argv.slice(2), processIo());
