import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';

/** The Electron binary to open the app with, or why there is none (said before the browser host starts). */
export type ElectronChoice = { readonly binary: string } | { readonly reason: string };

function installedBinary(electronDir: string): string | null {
  const pathFile = join(electronDir, 'path.txt');
  if (!existsSync(pathFile)) return null;
  const binary = join(electronDir, 'dist', readFileSync(pathFile, 'utf8'));
  return existsSync(binary) ? binary : null;
}

/** electron 45 downloads its binary on first use; an offline machine cannot, which is said, not thrown. */
function obtainElectron(electronDir: string, err: (text: string) => void): ElectronChoice {
  const present = installedBinary(electronDir);
  if (present) return { binary: present };
  if (!existsSync(join(electronDir, 'install.js'))) return { reason: 'the electron package is not installed' };
  err('Downloading the Electron binary (first start only)...\n');
  const result = spawnSync(process.execPath, [join(electronDir, 'install.js')], { stdio: ['ignore', 'ignore', 'pipe'], timeout: 10 * 60 * 1000 });
  const binary = installedBinary(electronDir);
  if (binary) return { binary };
  const detail = (result.stderr?.toString() ?? '').trim().split('\n').find((l) => /error|fail/i.test(l));
  return { reason: `the Electron binary could not be downloaded${detail ? ` (${detail.trim().slice(0, 160)})` : ''}` };
}

function hasDisplay(env: NodeJS.ProcessEnv): boolean {
  if (process.platform !== 'linux') return true;
  return Boolean(env.DISPLAY || env.WAYLAND_DISPLAY);
}

/** The desktop app where it can run here; otherwise the reason the browser host is started instead. */
export function chooseElectron(root: string, env: NodeJS.ProcessEnv, err: (text: string) => void): ElectronChoice {
  if (!hasDisplay(env)) return { reason: 'there is no display (DISPLAY is not set)' };
  return obtainElectron(join(root, 'node_modules/electron'), err);
}
