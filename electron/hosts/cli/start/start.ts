/**
 * `npm start`: opens the Electron app. Where the Electron binary cannot be obtained (offline
 * install, blocked download) or there is no display, says so in one line and runs the browser
 * host in this process instead, so the command always gives the user a working Hooklab.
 */
import { spawn } from 'node:child_process';
import { processIo } from '../cli-io';
import { hooklab } from '../hooklab-commands';
import { packageRoot } from '../package-root';
import { desktopBuild, desktopBuildIsStale } from './desktop-build';
import { chooseElectron } from './electron-binary';
import { runStart } from './run-start';
import { START_ARGS_ENV } from '../../kit/run-options/run-options';

const root = packageRoot();
const io = processIo();

/**
 * The desktop app gets Hooklab's options through START_ARGS_ENV, never its argv: Electron hands
 * argv to Chromium too, where `--no-sandbox` would turn off Chromium's sandbox instead of ours.
 */
function openDesktop(binary: string, argv: readonly string[]): Promise<number> {
  const child = spawn(binary, ['.'], { cwd: root, stdio: 'inherit', env: { ...process.env, [START_ARGS_ENV]: JSON.stringify(argv) } });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => child.kill(signal));
  return new Promise((resolve) => child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0))));
}

async function launch(argv: readonly string[]): Promise<number> {
  const electron = chooseElectron(root, process.env, io.err);
  if ('binary' in electron) return openDesktop(electron.binary, argv);
  io.err(`hooklab: cannot open the desktop app because ${electron.reason}; starting the browser host instead.\n`);
  return hooklab(['serve', ...argv], io);
}

process.exit(await runStart(process.argv.slice(2), io, { build: desktopBuildIsStale(root) ? desktopBuild(root) : null, launch }));
