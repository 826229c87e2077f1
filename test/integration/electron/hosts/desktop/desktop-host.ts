import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { afterAll, beforeAll } from 'vitest';
import { tempDirs } from '../../../../support/temp-dirs';

/** The repository root, the Electron app's folder (`electron .`). */
export const ROOT = fileURLToPath(new URL('../../../../..', import.meta.url));
/** The file Electron loads: package.json `main`. */
export const MAIN_BUNDLE = join(ROOT, 'out/main/index.js');
const LAUNCHER = join(ROOT, 'test/support/electron-standin/launch.mjs');
/** The project's own Node 24 (devDependency `node`): node:sqlite and the module hooks need it. */
const NODE = existsSync(join(ROOT, 'node_modules/.bin/node'))
  ? join(ROOT, 'node_modules/.bin/node')
  : process.execPath;

/** One call the host made into the Electron stand-in. */
export interface JournalEntry {
  readonly seq: number;
  readonly api: string;
  readonly call: string;
  readonly args: unknown[];
  /** Whether `ready` had been emitted when the call was made. */
  readonly afterReady: boolean;
}

export interface ProtocolAnswer {
  readonly status: number;
  readonly headers: Record<string, string>;
  readonly body: Uint8Array;
}

/** Who sends an IPC message: the window's own webContents unless another id is given. */
export interface IpcSender {
  readonly webContentsId?: number;
  readonly frameUrl: string | null;
}

type Message =
  | { type: 'record'; entry: JournalEntry }
  | { type: 'reply'; id: number; ok: boolean; value?: unknown; error?: string }
  | { type: 'loaded' }
  | { type: 'load-failed'; error: string }
  | { type: 'exit'; code: number };

/** The built main process running under the Electron stand-in, driven from the test. */
export interface DesktopHost {
  readonly journal: readonly JournalEntry[];
  readonly pid: number;
  /** What the host printed (stdout and stderr), for failure messages. */
  output(): string;
  /** Emits app `ready` and waits until the window is loading the app. */
  ready(): Promise<void>;
  command<T>(command: string, payload?: Record<string, unknown>): Promise<T>;
  /** The first journal entry matching, waiting for it; on timeout fails with `what` and the host's output. */
  waitFor(
    what: string,
    match: (entry: JournalEntry) => boolean,
    timeoutMs?: number,
  ): Promise<JournalEntry>;
  calls(api: string, call: string): JournalEntry[];
  /** Resolves with the exit code the host asked for (app.quit / app.exit) once the process is gone. */
  readonly exited: Promise<number | null>;
  /** The exit code, or a failure saying `what` did not happen within the time given. */
  exitCodeWithin(what: string, timeoutMs?: number): Promise<number | null>;
  /** Kills the process group if still alive and checks that nothing of it is left. */
  kill(): Promise<void>;
}

export interface DesktopHostOptions {
  readonly userData: string;
  /** Simulates another Hooklab already holding the single-instance lock. */
  readonly lockHeldByAnotherInstance?: boolean;
  /** The app's command line after the main file (`npm start -- …`). */
  readonly args?: readonly string[];
  /** More environment for the app (what `npm start` hands it: HOOKLAB_START_ARGS). */
  readonly env?: NodeJS.ProcessEnv;
}

/**
 * Settings a test starts the host with, written where electron-store reads them: the listener,
 * the sandbox and the local API on free ports, so hosts running side by side never fight over
 * the defaults, and never take them from (or send to) a Hooklab the user is running.
 */
export function seedSettings(
  userData: string,
  settings: unknown = { listener: { port: 0 }, sandbox: { port: 0 }, localApi: { port: 0 } },
): void {
  writeFileSync(join(userData, 'settings.json'), JSON.stringify(settings));
}

/** Fresh user-data folders holding seedSettings' settings, each removed after the test that made it. */
export function seededUserData(prefix: string): () => string {
  const newDir = tempDirs(prefix);
  return () => {
    const dir = newDir();
    seedSettings(dir);
    return dir;
  };
}

/** Starts `out/main/index.js` in Node 24 with the stand-in, in its own process group. */
export async function startDesktopHost(options: DesktopHostOptions): Promise<DesktopHost> {
  const child: ChildProcess = spawn(NODE, [LAUNCHER, MAIN_BUNDLE, ...(options.args ?? [])], {
    cwd: ROOT,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    serialization: 'advanced',
    env: {
      ...process.env,
      ...options.env,
      HOOKLAB_STANDIN_USER_DATA: options.userData,
      ...(options.lockHeldByAnotherInstance
        ? { HOOKLAB_STANDIN_LOCK: 'held-by-another-instance' }
        : {}),
    },
  });
  const pid = child.pid!;
  let printed = '';
  child.stdout!.on('data', (chunk: Buffer) => (printed += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (printed += chunk.toString()));
  const output = () =>
    (printed.length > 4000 ? `...${printed.slice(-4000)}` : printed) || '(nothing)';

  const journal: JournalEntry[] = [];
  const pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  const waiters = new Set<() => void>();
  let nextId = 1;
  let askedExit: number | null = null;
  let ended = false;
  let loaded!: (error: string | null) => void;
  const loading = new Promise<string | null>((resolve) => (loaded = resolve));
  // Ended once its output and IPC channel are drained too, so no record arrives after this.
  const channelClosed = new Promise<void>((resolve) =>
    child.connected ? child.once('disconnect', () => resolve()) : resolve(),
  );
  const exited = new Promise<number | null>((resolve) =>
    child.once('close', async (code) => {
      await channelClosed;
      ended = true;
      for (const { reject } of pending.values())
        reject(
          new Error(
            `the desktop app's process ended (code ${code}) before answering; it printed:\n${output()}`,
          ),
        );
      pending.clear();
      loaded(`the process ended (code ${code}) while loading`);
      for (const wake of waiters) wake();
      resolve(askedExit ?? code);
    }),
  );

  child.on('message', (message: Message) => {
    if (message.type === 'record') {
      journal.push(message.entry);
      for (const wake of waiters) wake();
    } else if (message.type === 'reply') {
      const waiting = pending.get(message.id);
      pending.delete(message.id);
      if (message.ok) waiting?.resolve(message.value);
      else waiting?.reject(new Error(message.error));
    } else if (message.type === 'loaded') loaded(null);
    else if (message.type === 'load-failed') loaded(message.error);
    else if (message.type === 'exit') {
      // Quitting while the main file loads (a second instance) is an ending, not a load failure.
      askedExit = message.code;
      loaded(null);
    }
  });

  const host: DesktopHost = {
    journal,
    pid,
    output,
    exited,
    exitCodeWithin(what, timeoutMs = 15_000) {
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<never>((_, reject) => {
        timer = setTimeout(
          () =>
            reject(
              new Error(
                `${what}: the desktop app was still running after ${timeoutMs / 1000} s; it printed:\n${output()}`,
              ),
            ),
          timeoutMs,
        );
      });
      return Promise.race([exited, late]).finally(() => clearTimeout(timer));
    },
    command<T>(command: string, payload: Record<string, unknown> = {}) {
      return new Promise<T>((resolve, reject) => {
        if (child.exitCode !== null || child.signalCode !== null) {
          reject(
            new Error(`the desktop app's process has already ended; it printed:\n${output()}`),
          );
          return;
        }
        const id = nextId++;
        pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
        child.send({ id, command, ...payload });
      });
    },
    calls: (api, call) => journal.filter((e) => e.api === api && e.call === call),
    waitFor(what, match, timeoutMs = 15_000) {
      return new Promise<JournalEntry>((resolve, reject) => {
        const check = () => {
          const found = journal.find(match);
          if (found) {
            done();
            resolve(found);
          } else if (ended) {
            done();
            reject(
              new Error(`${what}: the desktop app's process ended first; it printed:\n${output()}`),
            );
          }
        };
        const timer = setTimeout(() => {
          done();
          reject(
            new Error(
              `${what}: not seen within ${timeoutMs / 1000} s; the desktop app printed:\n${output()}`,
            ),
          );
        }, timeoutMs);
        const done = () => {
          clearTimeout(timer);
          waiters.delete(check);
        };
        waiters.add(check);
        check();
      });
    },
    async ready() {
      await host.command('ready');
      // The window's loadURL goes through its webContents: wait for that, the last of the two.
      await host.waitFor(
        'the window starting to load the app',
        (e) => e.call === 'loadURL' && e.api.startsWith('webContents#'),
      );
    },
    async kill() {
      // The whole group: anything the host started goes with it, even after the host itself quit.
      if (groupAlive(pid)) process.kill(-pid, 'SIGKILL');
      await exited;
      if (groupAlive(pid))
        throw new Error(
          `processes of the desktop app's group ${pid} are still running after SIGKILL`,
        );
    },
  };

  const loadError = await loading;
  if (loadError !== null) {
    await host.kill();
    throw new Error(
      `the desktop app's main file out/main/index.js could not be loaded as Electron would load it: ${loadError}\nIt printed:\n${output()}`,
    );
  }
  return host;
}

function groupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
}

/** What a test file shares: one host, booted before its tests, killed after them. */
export interface BootedDesktopHost {
  readonly host: DesktopHost;
  readonly userData: string;
}

/**
 * Starts the host in a fresh userData folder before the file's tests, emits `ready` and waits
 * for the window; afterwards kills its process group and removes the folder.
 */
export function bootDesktopHostForFile(): BootedDesktopHost {
  const booted = { host: undefined as unknown as DesktopHost, userData: '' };
  beforeAll(async () => {
    booted.userData = mkdtempSync(join(tmpdir(), 'hooklab-desktop-'));
    seedSettings(booted.userData);
    booted.host = await startDesktopHost({ userData: booted.userData });
    await booted.host.ready();
  });
  afterAll(async () => {
    await booted.host?.kill();
    if (booted.userData) rmSync(booted.userData, { recursive: true, force: true });
  });
  return booted;
}
