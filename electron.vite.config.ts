import { defineConfig } from 'electron-vite';
import { resolve } from 'node:path';
import rendererConfig from './renderer/vite.config';

/**
 * The desktop build. electron-vite only finds entries under src/ by itself, so each target's
 * entry is named here. The preload is CommonJS because sandboxed preloads cannot be ESM.
 */
export default defineConfig({
  main: {
    build: {
      outDir: 'out/main',
      rolldownOptions: {
        input: {
          index: resolve(import.meta.dirname, 'electron/hosts/desktop/index.ts'),
          // The listener's thread: its own file beside index.js (features/live/listener/listener-thread.ts finds it).
          'listener-worker': resolve(import.meta.dirname, 'electron/features/live/listener/listener-worker.ts'),
          // The OTLP receiver's decoder thread (features/tracing/otlp-decoder.ts finds it the same way).
          'otlp-decode-worker': resolve(import.meta.dirname, 'electron/features/tracing/otlp-decode-worker.ts'),
        },
      },
    },
  },
  preload: {
    build: {
      outDir: 'out/preload',
      // A sandboxed preload can require only `electron`: bundle everything else into it.
      externalizeDeps: false,
      rolldownOptions: {
        input: { index: resolve(import.meta.dirname, 'electron/hosts/preload/index.ts') },
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    ...rendererConfig,
    root: resolve(import.meta.dirname, 'renderer'),
    build: {
      ...rendererConfig.build,
      outDir: resolve(import.meta.dirname, 'out/renderer'),
      rolldownOptions: { input: resolve(import.meta.dirname, 'renderer/index.html') },
    },
  },
});
