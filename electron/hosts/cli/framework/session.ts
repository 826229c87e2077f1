import { join } from 'node:path';
import type { CallArgs, CallName, CallResult } from '../../../../shared/contract';
import { createCore, type Core } from '../../../core/core';
import { productFeatures } from '../../../core/product-features';
import type { CoreContext, Feature } from '../../../services/kernel/feature';
import type { EventListener } from '../../../services/kernel/event-bus';
import { createConsoleLogger, type Logger } from '../../../services/kernel/logger';
import { FileSecretStore, fileModeCipher } from '../../../services/secrets/secret-store';
import { confSettingsBackend } from '../../../services/settings/conf-backend';
import { appVersion } from '../version';
import { CliError } from './exit-codes';

/**
 * What a command talks to: the contract's named calls and live events, the same ones the UI
 * uses, so the CLI reports what the app reports. Today a core opened on the data folder in this
 * process; a running Hooklab's local API fits the same shape.
 */
export interface CoreSession {
  call<N extends CallName>(name: N, args: CallArgs<N>): Promise<CallResult<N>>;
  subscribe(listener: EventListener): () => void;
  /** The core's context when it runs in this process. */
  readonly ctx: CoreContext;
  readonly core: Core;
  close(): Promise<void>;
}

export interface SessionOptions {
  /** The areas to compose (default: every feature, as the app). */
  readonly features?: (ctx: CoreContext) => Feature[];
  /** Start the features (listener, sandbox, poller); calls on stored data need no start. */
  readonly start?: boolean;
  readonly log?: Logger;
}

/** Warnings and errors on stderr; the core's info chatter stays out of a command's output. */
const quietLogger = (): Logger => {
  const write = createConsoleLogger();
  return { info: () => {}, warn: write.warn, error: write.error };
};

export async function openLocalSession(dataDir: string, options: SessionOptions = {}): Promise<CoreSession> {
  const core = createCore({
    hostKind: 'browser',
    version: appVersion(),
    dataDir,
    settingsBackend: confSettingsBackend(dataDir),
    secrets: new FileSecretStore(join(dataDir, 'secrets.json'), fileModeCipher),
    log: options.log ?? quietLogger(),
    features: options.features ?? productFeatures,
    requireAllHandlers: false,
  });
  if (options.start) {
    try {
      await core.start();
    } catch (error) {
      await core.stop();
      throw new CliError((error as Error).message);
    }
  }
  return {
    core,
    ctx: core.ctx,
    async call(name, args) {
      const envelope = await core.invoke(name, args);
      if (!envelope.ok) throw new CliError(envelope.error.message);
      return envelope.value as CallResult<typeof name>;
    },
    subscribe: (listener) => core.ctx.bus.subscribe(listener),
    close: () => core.stop(),
  };
}
