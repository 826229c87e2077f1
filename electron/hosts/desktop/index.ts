/**
 * The Electron host: a window over the same core the browser host runs. Everything here is
 * lifecycle and wiring; the product lives in the core's services.
 */
import { app, BrowserWindow, dialog, ipcMain } from 'electron';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createCore, type Core } from '../../core/core';
import { productFeatures } from '../../core/product-features';
import { FileSecretStore } from '../../services/secrets/secret-store';
import { ensurePrivateDir } from '../../services/platform/private-files';
import { electronStoreBackend } from './electron-store-backend';
import { safeStorageCipher } from './safe-storage-cipher';
import { registerAppScheme, serveRenderer } from './protocol';
import { EVENT_CHANNEL, registerContractHandlers, trustOnly } from './ipc-adapter';
import { createMainWindow, denyAllPermissions } from './window';
import { acquireInstanceLock, InstanceLockedError, type InstanceLock } from '../../services/instance/instance-lock';
import { HostToken } from '../../services/instance/host-token-file';
import { startBrowserHost, type BrowserHost } from '../browser/browser-host';

function dataDirFromArgs(): string {
  const index = process.argv.indexOf('--data-dir');
  const value = index === -1 ? undefined : process.argv[index + 1];
  return value ?? app.getPath('userData');
}

registerAppScheme();
if (!app.requestSingleInstanceLock()) app.quit();

// Built as ES modules into out/main; the renderer and preload are built beside it.
const outDir = fileURLToPath(new URL('..', import.meta.url));

let core: Core | null = null;
let win: BrowserWindow | null = null;
let lock: InstanceLock | null = null;
/** The local API (the browser host's HTTP+WebSocket API on 127.0.0.1) terminal tools reach the app through. */
let localApi: BrowserHost | null = null;

app.on('second-instance', () => {
  if (win?.isMinimized()) win.restore();
  win?.focus();
});

app.whenReady().then(async () => {
  const dataDir = dataDirFromArgs();
  // Only the user may open it (0700): the database, secrets and Chromium's profile live there.
  ensurePrivateDir(dataDir);
  // One writer per data folder: a serve (or another desktop app on --data-dir) holding it
  // makes this one refuse before the database opens (below: an error box, exit 2).
  lock = acquireInstanceLock(dataDir, { kind: 'desktop' });
  const hostToken = new HostToken(dataDir);
  denyAllPermissions();
  serveRenderer(join(outDir, 'renderer'), () => core);
  core = createCore({
    hostKind: 'electron',
    version: app.getVersion(),
    dataDir,
    settingsBackend: electronStoreBackend(dataDir),
    secrets: new FileSecretStore(join(dataDir, 'secrets.json'), safeStorageCipher()),
    features: productFeatures,
    hostToken,
  });
  const running = core;
  registerContractHandlers(ipcMain, running.invoke, trustOnly(() => win?.webContents.id ?? null));
  running.ctx.bus.subscribe((event, payload) => {
    if (win && !win.isDestroyed()) win.webContents.send(EVENT_CHANNEL, { event, payload });
  });
  await running.start();
  // The same API the browser host serves, so `hooklab` commands act through the running app
  // (and the app shows what they do) instead of being refused by the lock.
  localApi = await startBrowserHost({ core: running, rendererDir: join(outDir, 'renderer'), token: hostToken });
  lock.setUrl(localApi.url);
  win = createMainWindow(join(outDir, 'preload'));
  win.on('closed', () => (win = null));
}).catch((error: unknown) => {
  const message = (error as Error).message;
  process.stderr.write(`Hooklab failed to start: ${message}\n`);
  // Launched from a desktop there is no terminal: without the dialog the app just never opens.
  if (error instanceof InstanceLockedError) {
    dialog.showErrorBox('Hooklab is already running on this data folder', message);
    app.exit(2);
    return;
  }
  dialog.showErrorBox('Hooklab could not start', `${message}\n\nData folder: ${dataDirFromArgs()}`);
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
  const running = core;
  core = null;
  const api = localApi;
  localApi = null;
  stopping = (api ? api.close() : Promise.resolve())
    .then(() => running.stop())
    .finally(() => {
      lock?.release();
      lock = null;
      stopping = null;
      app.quit();
    });
});
