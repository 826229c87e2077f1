import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';

/**
 * Where a worker thread's file is, for the module at `here` (its import.meta.url) that starts
 * it. From source (tsx, vitest) it is `<name>.ts` beside that module, run with tsx's loader so
 * its extensionless imports resolve; from a bundle (the desktop app's out/main, the npm
 * package's dist/package) it is `<name>.js` at the bundle's root, next to the module's chunk or
 * one folder up (chunks/, cli/). Each such file is an entry of electron.vite.config.ts and
 * vite.package.config.ts.
 */
export function workerEntry(here: string, name: string): { url: URL; execArgv: string[] } {
  // The process's own flags are not inherited: some (--expose-gc, --inspect) are refused in a worker.
  if (here.endsWith('.ts')) {
    const tsx = pathToFileURL(createRequire(here).resolve('tsx')).href;
    return { url: new URL(`./${name}.ts`, here), execArgv: ['--import', tsx] };
  }
  for (const candidate of [`./${name}.js`, `../${name}.js`]) {
    const url = new URL(candidate, here);
    if (existsSync(fileURLToPath(url))) return { url, execArgv: [] };
  }
  throw new Error(`the worker ${name}.js is missing beside ${fileURLToPath(here)}`);
}
