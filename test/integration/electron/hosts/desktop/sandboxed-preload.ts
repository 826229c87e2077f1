import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import vm from 'node:vm';
import { ROOT } from './desktop-host';

/** The preload Electron gives the window (webPreferences.preload). */
export const PRELOAD_BUNDLE = join(ROOT, 'out/preload/index.cjs');

type IpcListener = (event: unknown, ...args: unknown[]) => void;

export interface SandboxedPreload {
  /** Every `contextBridge.exposeInMainWorld(key, value)` the preload made, in order. */
  readonly exposed: { key: string; value: unknown }[];
  /** Every module the preload asked `require` for. */
  readonly required: string[];
  /** Delivers a main-process message (`webContents.send`) to the preload's ipcRenderer listeners. */
  deliver(channel: string, ...args: unknown[]): void;
}

/**
 * Runs the built preload as a sandboxed renderer runs it: CommonJS, in its own context with no
 * Node globals, and a `require` that answers only `electron` with `contextBridge` and
 * `ipcRenderer`. Renderer-side IPC goes to `invoke`.
 */
export function runSandboxedPreload(
  invoke: (channel: string, args: unknown) => Promise<unknown>,
): SandboxedPreload {
  const exposed: { key: string; value: unknown }[] = [];
  const required: string[] = [];
  const listeners = new Map<string, Set<IpcListener>>();
  const ipcRenderer = {
    invoke: (channel: string, ...args: unknown[]) => invoke(channel, args[0]),
    on(channel: string, listener: IpcListener) {
      const set = listeners.get(channel) ?? new Set();
      set.add(listener);
      listeners.set(channel, set);
      return ipcRenderer;
    },
    removeListener(channel: string, listener: IpcListener) {
      listeners.get(channel)?.delete(listener);
      return ipcRenderer;
    },
  };
  const contextBridge = {
    exposeInMainWorld(key: string, value: unknown) {
      exposed.push({ key, value: acrossTheBridge(value) });
    },
  };
  const electron = { contextBridge, ipcRenderer };
  const require = (name: string): unknown => {
    required.push(name);
    if (name === 'electron') return electron;
    throw new Error(
      `the preload requires "${name}", which a sandboxed preload cannot load (only "electron" is there): it must be bundled into out/preload/index.cjs`,
    );
  };
  if (!existsSync(PRELOAD_BUNDLE))
    throw new Error(
      "the window's preload file out/preload/index.cjs does not exist: the build did not produce it",
    );
  const module = { exports: {} as unknown };
  const context = vm.createContext({ console });
  try {
    const wrapper = vm.runInContext(
      `(function (exports, require, module, __filename, __dirname) {${readFileSync(PRELOAD_BUNDLE, 'utf8')}\n})`,
      context,
      { filename: PRELOAD_BUNDLE },
    ) as (...args: unknown[]) => void;
    wrapper(module.exports, require, module, PRELOAD_BUNDLE, join(ROOT, 'out/preload'));
  } catch (error) {
    throw new Error(
      `the preload out/preload/index.cjs fails in a sandboxed window (CommonJS, only "electron" available), so the page gets no window.hooklab: ${(error as Error).message}`,
    );
  }
  return {
    exposed,
    required,
    deliver(channel, ...args) {
      for (const listener of listeners.get(channel) ?? [])
        listener({ sender: ipcRenderer }, ...args);
    },
  };
}

/**
 * What the page receives through contextBridge, as Electron documents it: functions stay
 * callable, and the value a returned promise rejects with is copied; an Error arrives as an
 * Error with its message only ("any custom properties on the Error object will be lost"),
 * anything else as a structured copy.
 */
function acrossTheBridge(value: unknown): unknown {
  if (typeof value === 'function') {
    const fn = value as (...args: unknown[]) => unknown;
    return (...args: unknown[]) => {
      const result = fn(...args);
      return result instanceof Promise || (result && typeof (result as Promise<unknown>).then === 'function')
        ? (result as Promise<unknown>).catch((reason: unknown) => {
            throw isError(reason) ? new Error((reason as Error).message) : structuredClone(reason);
          })
        : result;
    };
  }
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, acrossTheBridge(v)]));
  return value;
}

/** An Error from the preload's own context (instanceof fails across vm contexts). */
function isError(value: unknown): boolean {
  return Object.prototype.toString.call(value) === '[object Error]';
}
