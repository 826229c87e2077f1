import { join } from 'node:path';
import { createCore, type Core, type CoreOptions } from '../../core/core';
import { DamagedDatabaseError } from '../../services/data/app-database';
import { productFeatures } from '../../core/product-features';
import { acquireInstanceLock, type InstanceKind, type InstanceLock } from '../../services/instance/instance-lock';
import { HostToken } from '../../services/instance/host-token-file';
import type { CoreContext } from '../../core/context';
import { createConsoleLogger, type Logger } from '../../services/kernel/logger';
import { ensurePrivateDir } from '../../services/platform/private-files';
import { startOnPreferredPort } from '../../services/net/preferred-port';
import { FileSecretStore, fileModeCipher, type SecretStore } from '../../services/secrets/secret-store';
import { confSettingsBackend } from '../../services/settings/conf-backend';
import { createRunOverrides } from '../../services/settings/run-overrides';
import type { SettingsBackend } from '../../services/settings/settings-service';
import { startBrowserHost, type BrowserHost } from '../browser/browser-host';

export interface OpenFolderOptions {
  readonly dataDir: string;
  /** Who holds the folder, as the lock file says to other processes. */
  readonly kind: InstanceKind;
  readonly version: string;
  readonly hostKind?: CoreOptions['hostKind'];
  /** The folder's saved settings and secrets; default: the terminal hosts' files (settings.json, secrets.json). */
  readonly store?: { readonly backend: SettingsBackend; readonly secrets: SecretStore };
  readonly log?: Logger;
  readonly features?: CoreOptions['features'];
  /** What the host can do for the core (notifications, navigation). */
  readonly capabilities?: CoreOptions['capabilities'];
  readonly requireAllHandlers?: boolean;
  /** The project config file this host was given (CoreOptions.projectConfigPath). */
  readonly projectConfigPath?: string | undefined;
  /** Command-line options: they hold for this run, or are saved like a change in Settings with `save`. */
  readonly options?: (ctx: CoreContext) => void;
  readonly save?: boolean;
  /**
   * instance-lock.db was removed or replaced under this process and another took the new one:
   * by default said on the log, and the folder closed and the process ended (exit code 3).
   */
  readonly onLockLost?: (message: string) => void;
}

/** A data folder held by this process: its lock, its token and a core on it (not started). */
export interface OpenFolder {
  readonly dataDir: string;
  /** The folder's core; after start(), the one that runs (a new one when the database was damaged). */
  readonly core: Core;
  /**
   * Starts the core. A damaged page inside hooklab.db found at start sets the file aside (one
   * line in the log and the status bar, as a truncated one) and the start goes on: that core
   * already holds the old database, so a new core on a new, empty one replaces it. `prepare`
   * attaches the host (printers, events) to each core before it starts. Returns the running core.
   */
  start(prepare?: (core: Core) => void): Promise<Core>;
  readonly lock: InstanceLock;
  readonly hostToken: HostToken;
  /**
   * Serves the local API (the browser host) on `port` (a free one when taken; 0: any) and
   * records its URL in the lock file, so terminal tools and agents act through this process.
   */
  startLocalApi(port: number, rendererDir: string, onPortTaken?: (port: number) => void): Promise<BrowserHost>;
  /** Local API down, core stopped, folder let go (idempotent). */
  close(): Promise<void>;
}

/** The folder's saved settings and secrets as the terminal hosts keep them (settings.json, secrets.json). */
function folderStore(dataDir: string): { backend: SettingsBackend; secrets: SecretStore } {
  return { backend: confSettingsBackend(dataDir), secrets: new FileSecretStore(join(dataDir, 'secrets.json'), fileModeCipher) };
}

type FolderCoreOptions = Omit<OpenFolderOptions, 'kind' | 'store' | 'log' | 'save' | 'onLockLost' | 'options'> & {
  readonly store: { readonly backend: SettingsBackend; readonly secrets: SecretStore };
  readonly log: Logger;
  readonly hostToken?: HostToken;
  readonly notices?: CoreOptions['notices'];
};

/** The one composition of a core on a data folder, held (openDataFolder) or read (openFolderToRead). */
function folderCore(options: FolderCoreOptions): Core {
  return createCore({
    hostKind: options.hostKind ?? 'browser',
    version: options.version,
    dataDir: options.dataDir,
    settingsBackend: options.store.backend,
    secrets: options.store.secrets,
    log: options.log,
    features: options.features ?? productFeatures,
    ...(options.hostToken ? { hostToken: options.hostToken } : {}),
    ...(options.notices ? { notices: options.notices } : {}),
    ...(options.capabilities ? { capabilities: options.capabilities } : {}),
    ...(options.requireAllHandlers !== undefined ? { requireAllHandlers: options.requireAllHandlers } : {}),
    ...(options.projectConfigPath !== undefined ? { projectConfigPath: options.projectConfigPath } : {}),
  });
}

/**
 * A core on the data folder for reading what it holds, without taking its lock, so a reader
 * (`hooklab events`, --follow included) never keeps the app from starting: not started (calls
 * on stored data need no start), no access token, every handler optional.
 */
export function openFolderToRead(dataDir: string, options: { readonly version: string; readonly log: Logger }): Core {
  ensurePrivateDir(dataDir);
  return folderCore({ dataDir, version: options.version, log: options.log, store: folderStore(dataDir), requireAllHandlers: false });
}

/**
 * The one way a process opens a data folder for itself: the desktop app, `serve`, `listen`,
 * `mcp`, and the terminal commands that write when no app runs. In order: the folder private
 * (0700), its lock (InstanceLockedError, naming the holder, when another process has it), its
 * access token, settings and secrets with run-only options, then createCore.
 */
export function openDataFolder(options: OpenFolderOptions): OpenFolder {
  const { dataDir } = options;
  ensurePrivateDir(dataDir);
  const log = options.log ?? createConsoleLogger();
  let closeFolder: () => Promise<void> = async () => {};
  const onLost =
    options.onLockLost ??
    ((message: string) => {
      log.error(message);
      void closeFolder().finally(() => process.exit(3));
    });
  const lock = acquireInstanceLock(dataDir, { kind: options.kind, onLost });
  // A lock file that was a folder, a link or garbage was set aside: one line each.
  for (const notice of lock.notices) log.warn(notice);
  let core: Core;
  let hostToken: HostToken;
  let build: (notices?: CoreOptions['notices']) => Core;
  try {
    hostToken = new HostToken(dataDir);
    const store = options.store ?? folderStore(dataDir);
    // Run-only options live in the overrides: a core built again on them sees them too.
    const overrides = createRunOverrides(store.backend, store.secrets);
    build = (notices) => folderCore({ ...options, log, store: overrides, hostToken, ...(notices ? { notices } : {}) });
    core = build();
    const apply = options.options;
    if (apply) {
      if (options.save) apply(core.ctx);
      else overrides.runOnly(() => apply(core.ctx));
    }
  } catch (error) {
    lock.release();
    throw error;
  }
  let host: BrowserHost | null = null;
  let closing: Promise<void> | null = null;
  closeFolder = () => opened.close();
  const opened: OpenFolder = {
    dataDir,
    get core() {
      return core;
    },
    lock,
    hostToken,
    async start(prepare = () => {}) {
      prepare(core);
      try {
        await core.start();
      } catch (error) {
        if (!(error instanceof DamagedDatabaseError)) throw error;
        // The damaged file is already aside and the old core's database closed.
        await core.stop();
        core = build([{ file: error.file, message: error.message }]);
        prepare(core);
        await core.start();
      }
      return core;
    },
    async startLocalApi(port, rendererDir, onPortTaken = () => {}) {
      host = await startOnPreferredPort(port, (p) => startBrowserHost({ core, rendererDir, port: p, token: hostToken }), onPortTaken);
      lock.setUrl(host.url);
      return host;
    },
    close() {
      closing ??= (async () => {
        try {
          await host?.close();
          await core.stop();
        } finally {
          lock.release();
        }
      })();
      return closing;
    },
  };
  return opened;
}
