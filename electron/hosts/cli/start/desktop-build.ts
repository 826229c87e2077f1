import { join } from 'node:path';
import { isStale } from '../../build/freshness.mjs';
import type { QuietBuild } from './quiet-build';

/** What Electron loads (out/main, out/preload, out/renderer), built by `electron-vite build`. */
const OUTPUTS = ['out/main/index.js', 'out/preload/index.cjs', 'out/renderer/index.html'];
const SOURCES = ['electron', 'shared', 'renderer', 'electron.vite.config.ts', 'package.json'];

/** Whether the desktop app must be (re)built: any output missing or older than its sources. */
export function desktopBuildIsStale(root: string): boolean {
  return isStale(
    OUTPUTS.map((p) => join(root, p)),
    SOURCES.map((p) => join(root, p)),
  );
}

/** The desktop app's build, run by the Node running this (the checkout's Node 24). */
export function desktopBuild(root: string): QuietBuild {
  return {
    command: process.execPath,
    args: [join(root, 'node_modules/electron-vite/bin/electron-vite.js'), 'build'],
    cwd: root,
    label: 'Building the UI…',
  };
}
