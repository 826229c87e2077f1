import {
  CALL_NAMES,
  CallError,
  isCallName,
  parseCallArgs,
  type CallEnvelope,
  type CallName,
  type Handlers,
} from '../../shared/contract';
import { setAsideIfDamaged, type AppDatabase } from '../services/data/app-database';
import type { Feature } from '../services/kernel/feature';
import type { CoreContext } from './context';
import type { CoreOptions } from './options';
import { composeContext } from './compose';
import { startUpMoves } from './data-moves';
import { runDataMoves } from '../services/data/data-moves';
import { createAppFeature } from './app-feature';
import { createJobsFeature } from './jobs-feature';
import { createWebhookKeysFeature } from './webhook-keys-feature';
import { createExplainFeature } from './explain-feature';

export type { CoreOptions };

/** The core: every service composed, the contract implemented, no Electron anywhere. */
export interface Core {
  readonly ctx: CoreContext;
  readonly handlers: Handlers;
  /** Validates and runs one call; never throws, errors come back in the envelope. */
  invoke(name: string, rawArgs: unknown): Promise<CallEnvelope<unknown>>;
  start(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * One handler per call from every feature. A call two features both implement is refused: one
 * of them would be silently ignored, whichever came first.
 */
export function handlerTable(features: readonly Feature[]): Handlers {
  const table: Record<string, unknown> = {};
  const owner = new Map<string, string>();
  for (const feature of features) {
    for (const [name, handler] of Object.entries(feature.handlers)) {
      const first = owner.get(name);
      if (first !== undefined) throw new Error(`contract call ${name} is implemented by both ${first} and ${feature.name}`);
      owner.set(name, feature.name);
      table[name] = handler;
    }
  }
  return table as Handlers;
}

/**
 * Every feature built over the context, and one handler per call. Refused before anything
 * started (a feature that cannot be built, a call answered twice or not at all): the database
 * is let go, so the folder's lock and file are free.
 */
function buildFeatures(
  options: CoreOptions,
  ctx: CoreContext,
  database: AppDatabase,
  invoke: Core['invoke'],
): { features: Feature[]; handlers: Handlers; missing: CallName[] } {
  try {
    // The explainer asks the other areas through the core's own calls (`invoke`): it reads
    // what they answer and never imports them.
    const features = [
      createAppFeature(ctx, options.hostToken),
      createJobsFeature(ctx.runtime.jobs),
      createWebhookKeysFeature(ctx.config),
      ...(options.features?.(ctx) ?? []),
      createExplainFeature(invoke, ctx.runtime.clock),
    ];
    const handlers = handlerTable(features);
    const missing = CALL_NAMES.filter((name) => typeof handlers[name] !== 'function');
    if (missing.length > 0 && options.requireAllHandlers !== false) {
      throw new Error(`contract calls without a handler: ${missing.join(', ')}`);
    }
    return { features, handlers, missing };
  } catch (error) {
    void database.close();
    throw error;
  }
}

/** Validates and runs one call; never throws, errors come back in the envelope. */
function invoker(handlers: () => Handlers, log: CoreContext['runtime']['log']): Core['invoke'] {
  return async (name, rawArgs) => {
    try {
      if (!isCallName(name)) throw new CallError('unknown-call', `unknown call "${name}"`);
      const args = parseCallArgs(name, rawArgs);
      const handler = handlers()[name] as (a: unknown) => Promise<unknown>;
      return { ok: true, value: await handler(args) };
    } catch (error) {
      if (error instanceof CallError) return { ok: false, error: { code: error.code, message: error.message } };
      log.error(`call ${name} failed`, { message: (error as Error).message });
      return { ok: false, error: { code: 'internal', message: (error as Error).message } };
    }
  };
}

export function createCore(options: CoreOptions): Core {
  const { ctx, database } = composeContext(options);
  const databasePath = ctx.data.databasePath;
  let table: Handlers | null = null;
  const invoke = invoker(() => table!, ctx.runtime.log);
  const { features, handlers, missing } = buildFeatures(options, ctx, database, (name, args) => invoke(name, args));
  table = handlers;
  for (const name of missing) {
    (handlers as Record<string, unknown>)[name] = async () => {
      throw new CallError('unavailable', `${name} is not available in this configuration`);
    };
  }

  let started: Feature[] = [];
  const stopFeatures = async () => {
    // Long work ends first (cancelled, what is under way finishes) while its features still run.
    await ctx.runtime.jobs.stop();
    for (const feature of started.reverse()) {
      try {
        await feature.stop?.();
      } catch (error) {
        ctx.runtime.log.warn(`stopping ${feature.name} failed`, { message: (error as Error).message });
      }
    }
    started = [];
  };
  return {
    ctx,
    handlers,
    invoke,
    async start() {
      try {
        // What an older Hooklab left is moved once, before any feature reads it.
        runDataMoves(ctx.data.db, startUpMoves(ctx), () => new Date(ctx.runtime.clock.now()).toISOString());
        for (const feature of features) {
          await feature.start?.();
          started.push(feature);
        }
      } catch (error) {
        // A damaged page inside the database (the file opened, a read failed): checked, set
        // aside and said in one line (DamagedDatabaseError), never a stack; the folder's
        // opener goes on with a new core on a new database.
        const damaged = await setAsideIfDamaged(database, databasePath, error, async () => stopFeatures());
        throw damaged;
      }
    },
    async stop() {
      await stopFeatures();
      await database.close();
    },
  };
}

export type { CallName };
