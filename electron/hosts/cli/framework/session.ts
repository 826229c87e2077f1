import { join } from 'node:path';
import { CallError, type CallArgs, type CallName, type CallResult, type EventName, type EventPayload } from '../../../../shared/contract';
import { createCore, type Core, type CoreOptions } from '../../../core/core';
import { productFeatures } from '../../../core/product-features';
import { HostToken } from '../../../services/instance/host-token-file';
import { connectToRunningInstance, InstanceUnreachableError } from '../../../services/instance/instance-client';
import { describeHolder, InstanceLockedError, readRunningInstance } from '../../../services/instance/instance-lock';
import { openDataFolder } from '../../data-folder/open-folder';
import type { Feature } from '../../../services/kernel/feature';
import type { CoreContext } from '../../../core/context';
import { createConsoleLogger, type Logger } from '../../../services/kernel/logger';
import { ensurePrivateDir } from '../../../services/platform/private-files';
import { FileSecretStore, fileModeCipher, type SecretStore } from '../../../services/secrets/secret-store';
import type { SettingsBackend } from '../../../services/settings/settings-service';
import { confSettingsBackend } from '../../../services/settings/conf-backend';
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

export interface LocalCoreOptions {
  /** The areas to compose (default: every feature, as the app). */
  readonly features?: (ctx: CoreContext) => Feature[];
  readonly hostToken?: HostToken;
  readonly log?: Logger;
  /** Settings and secrets as this run sees them (run-only command-line options); default: the folder's. */
  readonly store?: { readonly backend: SettingsBackend; readonly secrets: SecretStore };
  /** What this host can do for the core (listen shows notifications on stderr). */
  readonly capabilities?: CoreOptions['capabilities'];
}

/** Warnings and errors on stderr; the core's info chatter stays out of a command's output. */
export function quietLogger(): Logger {
  const write = createConsoleLogger();
  return { info: () => {}, warn: write.warn, error: write.error };
}

/** A core on the data folder in this process (not started: calls on stored data need no start). */
export function openLocalCore(dataDir: string, options: LocalCoreOptions = {}): Core {
  ensurePrivateDir(dataDir);
  return createCore({
    hostKind: 'browser',
    version: appVersion(),
    dataDir,
    settingsBackend: options.store?.backend ?? confSettingsBackend(dataDir),
    secrets: options.store?.secrets ?? new FileSecretStore(join(dataDir, 'secrets.json'), fileModeCipher),
    log: options.log ?? quietLogger(),
    features: options.features ?? productFeatures,
    requireAllHandlers: false,
    ...(options.hostToken ? { hostToken: options.hostToken } : {}),
    ...(options.capabilities ? { capabilities: options.capabilities } : {}),
  });
}

function callFailure(error: unknown): never {
  if (error instanceof CallError || error instanceof InstanceUnreachableError) throw new CliError(error.message);
  throw error;
}

/** A session on a core in this process. */
export function localSession(core: Core): CoreSession {
  return {
    via: `the data folder ${core.ctx.config.dataDir}`,
    async call(name, args) {
      const envelope = await core.invoke(name, args);
      if (!envelope.ok) throw new CliError(envelope.error.message);
      return envelope.value as CallResult<typeof name>;
    },
    onEvent: (name, cb) => core.ctx.runtime.bus.on(name, cb),
    eventsReady: async () => {},
    close: () => core.stop(),
  };
}

/**
 * The running Hooklab on `dataDir` when there is one, else a core opened here. A holder without
 * a local API yet (starting) is named in the error instead of opening the database beside it.
 * A command that writes (`writes`: replay, resend, scenario record) holds the folder's lock
 * while it runs, through the one opener of a data folder; a reader (events, --follow included)
 * takes no lock, so it never keeps the app from starting.
 */
export function openSession(dataDir: string, options: { writes: boolean }): CoreSession {
  // A path that cannot be a data folder (a file, /dev/null, under /proc) is said before anything reads in it.
  ensurePrivateDir(dataDir);
  const client = connectToRunningInstance(dataDir);
  if (client) {
    return {
      via: `the running Hooklab (${client.instance.kind}, pid ${client.instance.pid})`,
      call: (name, args) => client.call(name, args).catch(callFailure),
      onEvent: (name, cb) => client.onEvent(name, cb),
      eventsReady: () => client.eventsReady().catch(callFailure),
      close: async () => client.close(),
    };
  }
  const holder = readRunningInstance(dataDir);
  if (holder) throw new CliError(`the data folder ${dataDir} is held by ${describeHolder(holder)}, with no local API: try again in a moment`);
  if (!options.writes) return localSession(openLocalCore(dataDir));
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
