// `npm start`: opens the Electron app. Where the Electron binary cannot be obtained (offline
// install, blocked download) or there is no display, says so in one line and starts the
// browser host instead, so the command always gives the user a working Hooklab.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { spawn, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

// fileURLToPath, not .pathname: a checkout under a path with a space (x%20y) must stay itself.
const root = fileURLToPath(new URL('../../..', import.meta.url));
const electronDir = join(root, 'node_modules/electron');
const args = process.argv.slice(2);

const USAGE = `Usage: npm start -- [--ui-port N] [--listener-port N] [--data-dir DIR] [--save]
  --ui-port N        port of the local API (and the browser UI when there is no desktop); default 4782 (formerly --port N)
  --listener-port N  port of the webhook listener; default 4780
  --data-dir DIR     the data folder (database, settings, secrets); default the platform's app-data folder
  --save             keep these options for later starts (without it they apply to this run only)
Every option of the headless browser host: npm run serve -- --help`;

/**
 * Only the documented options (the names of desktop/start-args.ts, which parses them with the
 * CLI's parser and says the old spelling's notice): the desktop app hands its argv to Chromium too, so an unknown
 * word could be one of its switches (\`--no-sandbox\` turns off Chromium's sandbox, not ours).
 */
function checkArgs() {
  if (args.includes('--help') || args.includes('-h')) {
    process.stdout.write(USAGE + '\n');
    process.exit(0);
  }
  for (let i = 0; i < args.length; i++) {
    const [name, inline] = args[i].split(/=(.*)/s);
    if (name === '--save') continue;
    if (!['--ui-port', '--port', '--listener-port', '--data-dir'].includes(name)) fail(`unknown option ${args[i]}`);
    const value = inline ?? args[++i];
    if (value === undefined || value === '') fail(`${name} needs a value`);
    if (name !== '--data-dir' && !/^\d{1,5}$/.test(value)) fail(`${name} must be a port number 0-65535`);
  }
}

function fail(message) {
  process.stderr.write(`hooklab: ${message}\n${USAGE}\n`);
  process.exit(2);
}

checkArgs();

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
  process.stderr.write(`hooklab: cannot open the desktop app because ${electron.reason}; starting the browser host instead.\n`);
  run(process.execPath, ['--import', 'tsx', join(root, 'electron/hosts/cli/serve.ts'), ...args]);
}
