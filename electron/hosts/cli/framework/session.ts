import { CallError, type CallArgs, type CallName, type CallResult, type EventName, type EventPayload } from '../../../../shared/contract';
import type { Core } from '../../../core/core';
import { InstanceUnreachableError } from '../../../services/instance/instance-client';
import { InstanceLockedError } from '../../../services/instance/instance-lock';
import { openDataFolder, openFolderToRead } from '../../data-folder/open-folder';
import { coreClient } from '../../kit/contract-client';
import { runningAppOn } from '../../kit/running-app';
import { createConsoleLogger, type Logger } from '../../../services/kernel/logger';
import { ensurePrivateDir } from '../../../services/platform/private-files';
import { appVersion } from '../version';
import { CliError } from './exit-codes';

/**
 * What a command talks to: the contract's named calls and live events, the ones the UI uses, so
 * the CLI reports what the app reports. Either the running Hooklab that holds the data folder
 * (through its local API and the folder's token) or, when none runs, a core opened here.
 */
export interface CoreSession {
  /** Where the calls go, for a progress line. */
  readonly via: string;
  call<N extends CallName>(name: N, args: CallArgs<N>): Promise<CallResult<N>>;
  onEvent<E extends EventName>(name: E, cb: (payload: EventPayload<E>) => void): () => void;
  /** Resolves once events emitted from now on will be seen. */
  eventsReady(): Promise<void>;
  close(): Promise<void>;
}

/** Warnings and errors on stderr; the core's info chatter stays out of a command's output. */
export function quietLogger(): Logger {
  const write = createConsoleLogger();
  return { info: () => {}, warn: write.warn, error: write.error };
}

function callFailure(error: unknown): never {
  if (error instanceof CallError || error instanceof InstanceUnreachableError) throw new CliError(error.message);
  throw error;
}

/** A session on a core in this process, through the hosts' one adapter (kit/contract-client.ts). */
export function localSession(core: Core): CoreSession {
  const client = coreClient(core);
  return {
    via: `the data folder ${core.ctx.config.dataDir}`,
    call: (name, args) => client.call(name, args).catch(callFailure),
    onEvent: (name, cb) => core.ctx.runtime.bus.on(name, cb),
    eventsReady: async () => {},
    close: () => core.stop(),
  };
}

/**
 * The running Hooklab on `dataDir` when there is one, else a core opened here (kit/running-app.ts
 * says which). A command that writes (`writes`: replay, resend, scenario record) holds the
 * folder's lock while it runs, through the one opener of a data folder; a reader (events,
 * --follow included) takes no lock, so it never keeps the app from starting.
 */
export function openSession(dataDir: string, options: { writes: boolean }): CoreSession {
  // A path that cannot be a data folder (a file, /dev/null, under /proc) is said before anything reads in it.
  ensurePrivateDir(dataDir);
  const client = runningAppOn(dataDir);
  if (client) {
    return {
      via: `the running Hooklab (${client.instance.kind}, pid ${client.instance.pid})`,
      call: (name, args) => client.call(name, args).catch(callFailure),
      onEvent: (name, cb) => client.onEvent(name, cb),
      eventsReady: () => client.eventsReady().catch(callFailure),
      close: async () => client.close(),
    };
  }
  if (!options.writes) return localSession(openFolderToRead(dataDir, { version: appVersion(), log: quietLogger() }));
  let folder;
  try {
    folder = openDataFolder({ dataDir, kind: 'command', version: appVersion(), log: quietLogger(), requireAllHandlers: false });
  } catch (error) {
    // Taken by an app that started a moment ago: said as the app says it.
    if (error instanceof InstanceLockedError) throw new CliError(error.message);
    throw error;
  }
  return { ...localSession(folder.core), close: () => folder.close() };
}
