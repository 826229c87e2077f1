/**
 * The Electron host: a window over the same core the browser host runs. Everything here is
 * lifecycle and wiring; the product lives in the core's services.
 */
import { app, BrowserWindow, dialog, ipcMain } from 'electron';
import { installAppMenu } from './app-menu';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { FileSecretStore } from '../../services/secrets/secret-store';
import { electronStoreBackend } from './electron-store-backend';
import { safeStorageCipher } from './safe-storage-cipher';
import { registerAppScheme, serveRenderer } from './protocol';
import { registerContractHandlers, trustOnly } from './ipc-adapter';
import { EVENT_CHANNEL } from '../preload/channels';
import { createMainWindow, denyAllPermissions } from './window';
import type { Core } from '../../core/core';
import { InstanceLockedError } from '../../services/instance/instance-lock';
import { PROJECT_CONFIG_ENV } from '../../services/project-config/project-config';
import { openDataFolder, type OpenFolder } from '../data-folder/open-folder';
import { resolveDataDir } from '../kit/data-dir';
import { CLI_EXTENSIONS } from '../kit/run-options/run-options';
import { desktopStartArgs } from './start-args';
import { otlpEnvironmentLines } from '../../../shared/tracing/otlp-environment';
import { desktopNotify } from './notifications';
import type { ParsedArgs } from '../kit/options';

/** `npm start -- [options]`: the options of `hooklab serve` (see start-args.ts); throws on a malformed one. */
function startArgs(): ParsedArgs {
  return desktopStartArgs(process.argv.slice(1), process.env);
}

/** Said at start when the folder saved with --save is gone (shown once the window is up). */
let startNotice: string | null = null;

function dataDirFromArgs(): string {
  const args = startArgs();
  return resolveDataDir(args.value('data-dir'), args.flag('save'), app.getPath('userData'), (line) => {
    process.stderr.write(`${line}\n`);
    startNotice = line;
  });
}

/** The folder to name in the start-failure dialog, even when the arguments were the failure. */
function dataDirForMessage(): string {
  try {
    return dataDirFromArgs();
  } catch {
    return app.getPath('userData');
  }
}

registerAppScheme();

// Built as ES modules into out/main; the renderer and preload are built beside it.
const outDir = fileURLToPath(new URL('..', import.meta.url));

let core: Core | null = null;
let win: BrowserWindow | null = null;
/** The data folder this app holds: its lock, and the local API terminal tools reach the app through. */
let folder: OpenFolder | null = null;

// app.quit() only asks to quit: the rest of this file would still run (whenReady, the core, a
// window), so a second instance starts nothing at all.
if (!app.requestSingleInstanceLock()) app.quit();
else runAsTheOnlyInstance();

/** The app's lifecycle, for the instance that holds the single-instance lock. */
function runAsTheOnlyInstance(): void {
  app.on('second-instance', () => {
    if (win?.isMinimized()) win.restore();
    win?.focus();
  });

  app.whenReady().then(async () => {
    const args = startArgs();
    for (const notice of args.notices) process.stderr.write(`hooklab: ${notice}\n`);
    const dataDir = dataDirFromArgs();
    denyAllPermissions();
    serveRenderer(join(outDir, 'renderer'), () => core);
    // The one opener of a data folder (as serve, listen, mcp): private (0700: the database,
    // secrets and Chromium's profile live there), then its lock: a serve (or a terminal tool)
    // holding it makes this one refuse before the database opens (below: an error box, exit 2).
    // A second desktop app never gets here: Electron's single-instance lock above brings the
    // first one's window forward instead. The options (serve's: ports, forwarding, tunnel,
    // history, tracing) hold for this run; saved like a change in Settings only with --save.
    // They read the environment as serve's do (HOOKLAB_CLIENT_SECRET with --base-url).
    const opened = openDataFolder({
      dataDir,
      kind: 'desktop',
      hostKind: 'electron',
      version: app.getVersion(),
      store: { backend: electronStoreBackend(dataDir), secrets: new FileSecretStore(join(dataDir, 'secrets.json'), safeStorageCipher()) },
      save: args.flag('save'),
      options: (ctx) => {
        for (const extension of CLI_EXTENSIONS) extension.apply(args, process.env, ctx);
      },
      capabilities: { notify: desktopNotify(() => win) },
      // The one variable it does take: the project config Settings shows.
      projectConfigPath: process.env[PROJECT_CONFIG_ENV],
    });
    folder = opened;
    // Calls go to the folder's core of the moment: a damaged database found at start replaces it.
    registerContractHandlers(ipcMain, (name, args) => opened.core.invoke(name, args), trustOnly(() => win?.webContents.id ?? null));
    const running = await opened.start((next) => {
      core = next;
      next.ctx.runtime.bus.subscribe((event, payload) => {
        if (win && !win.isDestroyed()) win.webContents.send(EVENT_CHANNEL, { event, payload });
      });
    });
    // The same API the browser host serves, so `hooklab` commands act through the running app
    // (and the app shows what they do) instead of being refused by the lock.
    await opened.startLocalApi(running.ctx.config.settings.get().localApi.port, join(outDir, 'renderer'), (taken) =>
      running.ctx.runtime.log.warn(`port ${taken} is in use: the local API runs on a free port this time`),
    );
    // The terminal that started the app (npm start) learns where a handler sends its spans.
    for (const line of otlpEnvironmentLines(running.ctx.runtime.status.get().tracing.endpoint)) process.stdout.write(`${line}\n`);
    win = createMainWindow(join(outDir, 'preload'));
    win.on('closed', () => (win = null));
    installAppMenu(() => core, () => win);
    if (startNotice) void dialog.showMessageBox(win, { type: 'warning', title: 'Saved data folder not found', message: startNotice });
  }).catch((error: unknown) => {
    const message = (error as Error).message;
    process.stderr.write(`Hooklab failed to start: ${message}\n`);
    // Launched from a desktop there is no terminal: without the dialog the app just never opens.
    if (error instanceof InstanceLockedError) {
      dialog.showErrorBox('Hooklab is already running on this data folder', message);
      app.exit(2);
      return;
    }
    dialog.showErrorBox('Hooklab could not start', `${message}\n\nData folder: ${dataDirForMessage()}`);
    app.exit(1);
  });

  app.on('window-all-closed', () => app.quit());
  // Quit waits for the core to stop (database closed, servers down). Every Quit until then is
  // held too: Electron emits before-quit again for each one, and letting a second one through
  // would exit in the middle of the stop.
  let stopping: Promise<void> | null = null;
  app.on('before-quit', (event) => {
    if (stopping) {
      event.preventDefault();
      return;
    }
    if (!core) return;
    event.preventDefault();
    const opened = folder;
    core = null;
    folder = null;
    stopping = (opened ? opened.close() : Promise.resolve()).finally(() => {
      stopping = null;
      app.quit();
    });
  });
}
