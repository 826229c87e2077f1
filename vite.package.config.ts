import { builtinModules } from 'node:module';
import { chmodSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { defineConfig, type Plugin } from 'vite';

/**
 * The npm package's build (`npm run build:package`, run by `prepack`): plain JavaScript for
 * Node 22+ under dist/package, so an installed Hooklab compiles nothing at run time. Each entry
 * is one line here (output name under dist/package -> source); bins get a shebang.
 */
export const PACKAGE_ENTRIES: Record<string, string> = {
  'cli/hooklab': 'electron/hosts/cli/hooklab.ts',
  'testing/index': 'electron/hosts/testing/index.ts',
  // The listener's thread, at the package's root (features/live/listener/listener-thread.ts finds it).
  'listener-worker': 'electron/features/live/listener/listener-worker.ts',
  // The OTLP receiver's decoder thread, beside it (features/tracing/otlp-decoder.ts).
  'otlp-decode-worker': 'electron/features/tracing/otlp-decode-worker.ts',
};
const BINS = new Set(['cli/hooklab']);

const root = import.meta.dirname;
const manifest = JSON.parse(readFileSync(resolve(root, 'package.json'), 'utf8')) as { dependencies?: Record<string, string> };
// Runtime dependencies stay imports (npm installs them); everything else is bundled.
const runtimeDependencies = Object.keys(manifest.dependencies ?? {});
const builtins = new Set(builtinModules);

function isExternal(id: string): boolean {
  if (id.startsWith('node:') || builtins.has(id)) return true;
  return runtimeDependencies.some((name) => id === name || id.startsWith(`${name}/`));
}

/** Bins are executable, so `npx hooklab` in this checkout runs the file directly. */
const executableBins: Plugin = {
  name: 'hooklab-executable-bins',
  writeBundle(options) {
    for (const name of BINS) chmodSync(resolve(options.dir ?? '', `${name}.js`), 0o755);
  },
};

/** The values `hooklab/testing` exports, each declared with its type from api.ts. */
const TESTING_VALUES = [
  ['startSandbox', 'StartSandbox', "Starts the payment service's sandbox in this process on 127.0.0.1 (state in memory)."],
  ['sendSignedEvents', 'SendSignedEvents', 'POSTs recorded events to HOOKLAB_HANDLER_URL, each signed now with HOOKLAB_WEBHOOK_KEY.'],
  ['readState', 'ReadState', "Reads the handler's state JSON from HOOKLAB_STATE_URL (or the URL given)."],
  ['replayRecordedOrder', 'ReplayRecordedOrder', "Sends a regression test's events, reads the state and lists every difference."],
] as const;

/**
 * `hooklab/testing`'s types: its api.ts imports nothing, so it is a declaration file as it
 * stands; only the values' declarations are added (package.json "exports" points here).
 */
const testingTypes: Plugin = {
  name: 'hooklab-testing-types',
  writeBundle(options) {
    const api = readFileSync(resolve(root, 'electron/hosts/testing/api.ts'), 'utf8');
    const values = TESTING_VALUES.map(([name, type, doc]) => `/** ${doc} */\nexport declare const ${name}: ${type};\n`).join('');
    writeFileSync(resolve(options.dir ?? '', 'testing/index.d.ts'), `${api}\n${values}`);
  },
};

export default defineConfig({
  plugins: [executableBins, testingTypes],
  publicDir: false,
  ssr: { noExternal: true, target: 'node' },
  build: {
    ssr: true,
    outDir: resolve(root, 'dist/package'),
    emptyOutDir: true,
    target: 'node22',
    minify: false,
    rolldownOptions: {
      input: Object.fromEntries(Object.entries(PACKAGE_ENTRIES).map(([name, source]) => [name, resolve(root, source)])),
      external: isExternal,
      output: {
        format: 'es',
        entryFileNames: '[name].js',
        chunkFileNames: 'chunks/[name]-[hash].js',
        banner: (chunk) => (chunk.isEntry && BINS.has(chunk.name) ? '#!/usr/bin/env node' : ''),
      },
    },
  },
});
