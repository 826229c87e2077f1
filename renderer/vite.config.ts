import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';

const rendererRoot = fileURLToPath(new URL('.', import.meta.url));

/**
 * Plain Vite config for the renderer (`npm run build:renderer`). Relative base so the same
 * build is served by the Electron host (app://) and the browser host (http://127.0.0.1).
 * electron-vite reuses `rendererPlugins` so both builds see the same transforms.
 */
export const rendererPlugins = [react()];

export default defineConfig({
  root: rendererRoot,
  base: './',
  plugins: rendererPlugins,
  build: {
    outDir: fileURLToPath(new URL('../out/renderer', import.meta.url)),
    emptyOutDir: true,
    // electron-vite turns minification off by default; the renderer is shipped and loaded on
    // every start, so both builds minify it (Monaco alone is 7.2 MB unminified, 3.9 MB minified).
    minify: true,
    // Monaco is large by nature; the warning would only repeat what the bundle report says.
    chunkSizeWarningLimit: 6000,
  },
  worker: { format: 'es' },
});
