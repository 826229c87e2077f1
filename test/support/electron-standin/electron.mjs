// A recorded stand-in for the `electron` module, for running the built main process in plain
// Node where the Electron binary cannot be downloaded. It answers as Electron does (including
// its refusals: no BrowserWindow, session or protocol.handle before `ready`, no privileged
// schemes after it, one ipcMain handler per channel) and records every call in the journal.
// The test drives the lifecycle through the driver (driver.mjs); nothing here decides anything.
import { EventEmitter } from 'node:events';
import { readFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { record, registry } from './state.mjs';

/** An Electron event object: listeners may call preventDefault(). */
export function electronEvent(/** @type {Record<string, unknown>} */ extra = {}) {
  const event = {
    defaultPrevented: false,
    preventDefault() {
      event.defaultPrevented = true;
    },
    ...extra,
  };
  return event;
}

/** An EventEmitter whose listener registrations are journaled as `<api>.on(<event>)`. */
class RecordedEmitter extends EventEmitter {
  constructor(/** @type {string} */ api) {
    super();
    this.api = api;
  }
  on(/** @type {string} */ name, /** @type {(...args: any[]) => void} */ listener) {
    record(this.api, 'on', [name, listener]);
    return super.on(name, listener);
  }
  once(/** @type {string} */ name, /** @type {(...args: any[]) => void} */ listener) {
    record(this.api, 'once', [name, listener]);
    return super.once(name, listener);
  }
}

function refuseBeforeReady(/** @type {string} */ what) {
  if (!registry.ready)
    throw new Error(`${what} cannot be used before the app is ready (Electron refuses it)`);
}

// ---------------------------------------------------------------------------------------- app

const userData = () => {
  const dir = process.env.HOOKLAB_STANDIN_USER_DATA;
  if (!dir)
    throw new Error('the Electron stand-in needs HOOKLAB_STANDIN_USER_DATA (the userData folder)');
  return dir;
};

let resolveReady = () => {};
const readyPromise = new Promise((resolve) => (resolveReady = () => resolve(undefined)));

class App extends RecordedEmitter {
  isPackaged = false;
  getAppPath() {
    record('app', 'getAppPath');
    return process.cwd();
  }
  getPath(/** @type {string} */ name) {
    record('app', 'getPath', [name]);
    const paths = {
      userData: userData(),
      sessionData: userData(),
      appData: dirname(userData()),
      logs: join(userData(), 'logs'),
      temp: tmpdir(),
      home: homedir(),
      exe: process.execPath,
    };
    const path = /** @type {Record<string, string>} */ (paths)[name];
    if (path === undefined) throw new Error(`Failed to get '${name}' path`);
    return path;
  }
  getVersion() {
    record('app', 'getVersion');
    return JSON.parse(readFileSync(join(process.cwd(), 'package.json'), 'utf8')).version;
  }
  getName() {
    record('app', 'getName');
    return 'Hooklab';
  }
  isReady() {
    return registry.ready;
  }
  whenReady() {
    record('app', 'whenReady');
    return readyPromise;
  }
  requestSingleInstanceLock(/** @type {unknown} */ additionalData) {
    record(
      'app',
      'requestSingleInstanceLock',
      additionalData === undefined ? [] : [additionalData],
    );
    return process.env.HOOKLAB_STANDIN_LOCK !== 'held-by-another-instance';
  }
  hasSingleInstanceLock() {
    return process.env.HOOKLAB_STANDIN_LOCK !== 'held-by-another-instance';
  }
  focus() {
    record('app', 'focus');
  }
  /** Electron's order: before-quit (preventable), close every window, will-quit, quit, exit. */
  quit() {
    record('app', 'quit');
    const beforeQuit = electronEvent();
    this.emit('before-quit', beforeQuit);
    if (beforeQuit.defaultPrevented) return;
    registry.quitting = true;
    for (const win of [...registry.windows]) win.close();
    if (registry.windows.length > 0) {
      registry.quitting = false;
      return;
    }
    const willQuit = electronEvent();
    this.emit('will-quit', willQuit);
    if (willQuit.defaultPrevented) {
      registry.quitting = false;
      return;
    }
    this.emit('quit', electronEvent(), 0);
    registry.exitProcess(0);
  }
  /** Exits at once: no before-quit, no will-quit. */
  exit(/** @type {number} */ code = 0) {
    record('app', 'exit', [code]);
    registry.exitProcess(code);
  }
}

export const app = new App('app');

/** Called by the driver when the test says the app is ready. */
export function emitReady() {
  registry.ready = true;
  record('test', 'ready');
  resolveReady();
  app.emit('ready', electronEvent(), {});
}

// ----------------------------------------------------------------------------------- protocol

export const protocol = {
  registerSchemesAsPrivileged(/** @type {unknown[]} */ schemes) {
    record('protocol', 'registerSchemesAsPrivileged', [schemes]);
    if (registry.ready)
      throw new Error('protocol.registerSchemesAsPrivileged should be called before app is ready');
  },
  handle(
    /** @type {string} */ scheme,
    /** @type {(request: Request) => Promise<Response>} */ handler,
  ) {
    record('protocol', 'handle', [scheme, handler]);
    refuseBeforeReady('protocol.handle');
    if (registry.protocolHandlers.has(scheme))
      throw new Error(`Failed to register protocol: ${scheme}`);
    registry.protocolHandlers.set(scheme, handler);
  },
  unhandle(/** @type {string} */ scheme) {
    record('protocol', 'unhandle', [scheme]);
    registry.protocolHandlers.delete(scheme);
  },
  isProtocolHandled(/** @type {string} */ scheme) {
    return registry.protocolHandlers.has(scheme);
  },
};

// ------------------------------------------------------------------------------------ session

const defaultSession = {
  standinLabel: '[Session default]',
  setPermissionRequestHandler(/** @type {any} */ handler) {
    record('session', 'setPermissionRequestHandler', [handler]);
    registry.permissionRequestHandler = handler;
  },
  setPermissionCheckHandler(/** @type {any} */ handler) {
    record('session', 'setPermissionCheckHandler', [handler]);
    registry.permissionCheckHandler = handler;
  },
};

export const session = {
  get defaultSession() {
    refuseBeforeReady('session.defaultSession');
    return defaultSession;
  },
};

// ------------------------------------------------------------------------ windows and contents

let nextWebContentsId = 1;

class WebContents extends RecordedEmitter {
  constructor() {
    const id = nextWebContentsId++;
    super(`webContents#${id}`);
    this.id = id;
    this.standinLabel = `[WebContents ${id}]`;
    this.destroyed = false;
    /** @type {((details: { url: string }) => { action: string }) | null} */
    this.windowOpenHandler = null;
    this.url = '';
  }
  send(/** @type {string} */ channel, /** @type {unknown[]} */ ...args) {
    record(this.api, 'send', [channel, ...args]);
    if (this.destroyed) throw new Error('Object has been destroyed');
  }
  setWindowOpenHandler(/** @type {any} */ handler) {
    record(this.api, 'setWindowOpenHandler', [handler]);
    this.windowOpenHandler = handler;
  }
  loadURL(/** @type {string} */ url) {
    record(this.api, 'loadURL', [url]);
    this.url = url;
    return Promise.resolve();
  }
  getURL() {
    return this.url;
  }
  isDestroyed() {
    return this.destroyed;
  }
  openDevTools() {
    record(this.api, 'openDevTools');
  }
}

let nextWindowId = 1;

export class BrowserWindow extends RecordedEmitter {
  constructor(/** @type {Record<string, any>} */ options = {}) {
    const id = nextWindowId++;
    super(`window#${id}`);
    record('BrowserWindow', 'new', [options]);
    refuseBeforeReady('new BrowserWindow');
    this.id = id;
    this.standinLabel = `[BrowserWindow ${id}]`;
    this.options = options;
    this.webContents = new WebContents();
    this.destroyed = false;
    this.minimized = false;
    this.visible = options.show !== false;
    registry.windows.push(this);
  }
  static getAllWindows() {
    return [...registry.windows];
  }
  loadURL(/** @type {string} */ url) {
    record(this.api, 'loadURL', [url]);
    return this.webContents.loadURL(url);
  }
  show() {
    record(this.api, 'show');
    this.visible = true;
  }
  focus() {
    record(this.api, 'focus');
  }
  restore() {
    record(this.api, 'restore');
    this.minimized = false;
  }
  minimize() {
    record(this.api, 'minimize');
    this.minimized = true;
  }
  isMinimized() {
    return this.minimized;
  }
  isVisible() {
    return this.visible;
  }
  isDestroyed() {
    return this.destroyed;
  }
  /** Electron's order: close (preventable), then closed; the last window closing is window-all-closed. */
  close() {
    record(this.api, 'close');
    if (this.destroyed) return;
    const close = electronEvent();
    this.emit('close', close);
    if (close.defaultPrevented) return;
    this.destroy();
  }
  destroy() {
    if (this.destroyed) return;
    this.destroyed = true;
    this.webContents.destroyed = true;
    registry.windows.splice(registry.windows.indexOf(this), 1);
    this.emit('closed');
    if (registry.windows.length === 0 && !registry.quitting) {
      if (app.listenerCount('window-all-closed') > 0) app.emit('window-all-closed');
      else app.quit();
    }
  }
}

// ----------------------------------------------------------------------------------------- ipc

class IpcMain extends RecordedEmitter {
  handle(/** @type {string} */ channel, /** @type {any} */ listener) {
    record('ipcMain', 'handle', [channel, listener]);
    if (registry.ipcHandlers.has(channel))
      throw new Error(`Attempted to register a second handler for '${channel}'`);
    registry.ipcHandlers.set(channel, listener);
  }
  handleOnce(/** @type {string} */ channel, /** @type {any} */ listener) {
    this.handle(channel, listener);
  }
  removeHandler(/** @type {string} */ channel) {
    record('ipcMain', 'removeHandler', [channel]);
    registry.ipcHandlers.delete(channel);
  }
}

export const ipcMain = new IpcMain('ipcMain');

// ------------------------------------------------------------------------- the rest of the API

/** Chromium's Linux safeStorage marks sealed data with a version prefix; the rest is ours. */
const SEALED_PREFIX = Buffer.from('v10');
const mask = (/** @type {Buffer} */ bytes) => Buffer.from(bytes.map((b) => b ^ 0x5a));

export const safeStorage = {
  isEncryptionAvailable() {
    record('safeStorage', 'isEncryptionAvailable');
    // As on Linux: nothing is available before ready.
    return registry.ready;
  },
  getSelectedStorageBackend() {
    record('safeStorage', 'getSelectedStorageBackend');
    return process.env.HOOKLAB_STANDIN_KEYRING ?? 'basic_text';
  },
  encryptString(/** @type {string} */ plain) {
    record('safeStorage', 'encryptString', ['[secret]']);
    if (!registry.ready) throw new Error('Encryption is not available.');
    return Buffer.concat([SEALED_PREFIX, mask(Buffer.from(plain, 'utf8'))]);
  },
  decryptString(/** @type {Buffer} */ sealed) {
    record('safeStorage', 'decryptString', ['[sealed]']);
    if (!sealed.subarray(0, 3).equals(SEALED_PREFIX))
      throw new Error(
        'Error while decrypting the ciphertext provided to safeStorage.decryptString.',
      );
    return mask(sealed.subarray(3)).toString('utf8');
  },
};

export const shell = {
  openExternal(/** @type {string} */ url) {
    record('shell', 'openExternal', [url]);
    return Promise.resolve();
  },
  openPath(/** @type {string} */ path) {
    record('shell', 'openPath', [path]);
    return Promise.resolve('');
  },
};

export const Menu = {
  setApplicationMenu(/** @type {unknown} */ menu) {
    record('Menu', 'setApplicationMenu', [menu]);
  },
  buildFromTemplate(/** @type {unknown} */ template) {
    record('Menu', 'buildFromTemplate', [template]);
    return { standinLabel: '[Menu]' };
  },
};

export const dialog = {
  showErrorBox(/** @type {string} */ title, /** @type {string} */ content) {
    record('dialog', 'showErrorBox', [title, content]);
  },
};

/** Desktop notifications (jobs, handler failures): recorded, never shown. */
export class Notification extends RecordedEmitter {
  static isSupported() {
    record('Notification', 'isSupported');
    return true;
  }
  constructor(/** @type {{ title?: string; body?: string; silent?: boolean }} */ options = {}) {
    super('Notification');
    record('Notification', 'new', [options]);
    this.options = options;
  }
  show() {
    record('Notification', 'show', [this.options.title]);
  }
}

const modelled = {
  app,
  protocol,
  session,
  BrowserWindow,
  ipcMain,
  safeStorage,
  shell,
  Menu,
  dialog,
  Notification,
};

/**
 * `import electron from 'electron'` (electron-store does this). Reading an API the stand-in does
 * not model fails loudly instead of handing the host `undefined`.
 */
export default new Proxy(modelled, {
  get(target, name) {
    if (typeof name === 'string' && !(name in target) && name !== 'then') {
      throw new Error(`the host used electron.${name}, which the Electron stand-in does not model`);
    }
    return /** @type {any} */ (target)[name];
  },
});
