// `npm start`: opens the Electron app. Where the Electron binary cannot be obtained (offline
// install, blocked download) or there is no display, says so in one line and starts the
// browser host instead, so the command always gives the user a working Hooklab.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { spawn, spawnSync } from 'node:child_process';

const root = new URL('../../..', import.meta.url).pathname;
const electronDir = join(root, 'node_modules/electron');
const args = process.argv.slice(2);

function electronBinary() {
  const pathFile = join(electronDir, 'path.txt');
  if (!existsSync(pathFile)) return null;
  const binary = join(electronDir, 'dist', readFileSync(pathFile, 'utf8'));
  return existsSync(binary) ? binary : null;
}

function obtainElectron() {
  if (electronBinary()) return { binary: electronBinary() };
  if (!existsSync(join(electronDir, 'install.js'))) return { reason: 'the electron package is not installed' };
  process.stderr.write('Downloading the Electron binary (first start only)...\n');
  const result = spawnSync(process.execPath, [join(electronDir, 'install.js')], {
    stdio: ['ignore', 'ignore', 'pipe'],
    timeout: 10 * 60 * 1000,
  });
  const binary = electronBinary();
  if (binary) return { binary };
  const detail = (result.stderr?.toString() ?? '').trim().split('\n').find((l) => /error|fail/i.test(l));
  return { reason: `the Electron binary could not be downloaded${detail ? ` (${detail.trim().slice(0, 160)})` : ''}` };
}

function hasDisplay() {
  if (process.platform !== 'linux') return true;
  return Boolean(process.env.DISPLAY || process.env.WAYLAND_DISPLAY);
}

function run(command, commandArgs) {
  const child = spawn(command, commandArgs, { cwd: root, stdio: 'inherit' });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}

const electron = hasDisplay() ? obtainElectron() : { reason: 'there is no display (DISPLAY is not set)' };
if (electron.binary) {
  run(electron.binary, ['.', ...args]);
} else {
  process.stderr.write(`Hooklab: cannot open the desktop app because ${electron.reason}; starting the browser host instead.\n`);
  run(process.execPath, ['--import', 'tsx', join(root, 'electron/hosts/cli/serve.ts'), ...args]);
}
