import { BrowserWindow, session, shell } from 'electron';
import { join } from 'node:path';
import { APP_ORIGIN } from './ipc-adapter';

/**
 * The one app window, locked down per Electron's security checklist: isolated, sandboxed, no
 * Node in the page, no navigation away, no new windows (http(s) links open in the system
 * browser instead), every permission request denied but the clipboard write of Copy buttons.
 */
export function createMainWindow(preloadDir: string): BrowserWindow {
  const win = new BrowserWindow({
    width: 1400,
    height: 900,
    minWidth: 900,
    minHeight: 600,
    title: 'Hooklab',
    show: false,
    webPreferences: {
      preload: join(preloadDir, 'index.cjs'),
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      spellcheck: false,
    },
  });
  win.once('ready-to-show', () => win.show());
  win.webContents.on('will-navigate', (event, url) => {
    if (!url.startsWith(`${APP_ORIGIN}/`)) event.preventDefault();
  });
  win.webContents.on('will-attach-webview', (event) => event.preventDefault());
  win.webContents.setWindowOpenHandler(({ url }) => {
    if (/^https?:\/\//.test(url)) void shell.openExternal(url);
    return { action: 'deny' };
  });
  void win.loadURL(`${APP_ORIGIN}/index.html`);
  return win;
}

/**
 * Chromium's name for `navigator.clipboard.writeText`: the app's Copy buttons (cURL, fetch(),
 * signature, tunnel URL) need it, and Chromium grants it only on a user's click.
 */
const CLIPBOARD_WRITE = 'clipboard-sanitized-write';

/** Whether a URL or origin is the app's own page (app://hooklab), not a page navigated to. */
const isAppPage = (url: string | undefined): boolean => url === APP_ORIGIN || (url?.startsWith(`${APP_ORIGIN}/`) ?? false);

/**
 * Denies every permission (camera, notifications, geolocation, clipboard reads...) the page
 * might ask for, except writing text to the clipboard from the app's own page.
 */
export function denyAllPermissions(): void {
  session.defaultSession.setPermissionRequestHandler((_wc, permission, callback, details) =>
    callback(permission === CLIPBOARD_WRITE && isAppPage(details.requestingUrl)),
  );
  session.defaultSession.setPermissionCheckHandler((_wc, permission, origin) => permission === CLIPBOARD_WRITE && isAppPage(origin));
}
