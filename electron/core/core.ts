import {
  CALL_NAMES,
  CallError,
  isCallName,
  parseCallArgs,
  type CallEnvelope,
  type CallName,
  type Handlers,
} from '../../shared/contract';
import { openAppDatabase, setAsideIfDamaged } from '../services/data/app-database';
import { DeliveryStore } from '../services/data/delivery-store';
import { SettingsService, type SettingsBackend } from '../services/settings/settings-service';
import type { SecretStore } from '../services/secrets/secret-store';
import { systemClock, type Clock } from '../services/platform/clock';
import { EventBus } from '../services/kernel/event-bus';
import { ResendRequests } from '../services/resend-requests/resend-requests';
import { loadTraceKey, StartedTraces } from '../services/tracing/started-traces';
import { initialStatus, StatusHub } from '../services/kernel/status-hub';
import { createConsoleLogger, type Logger } from '../services/kernel/logger';
import { Environments } from '../services/environments/environments';
import type { CoreContext, Feature } from '../services/kernel/feature';
import { createAppFeature } from './app-feature';
import { createJobsFeature } from './jobs-feature';
import { createWebhookKeysFeature } from './webhook-keys-feature';
import { createExplainFeature } from './explain-feature';
import { WebhookKeys } from '../services/webhook-keys/webhook-keys';
import { ClientSessions } from '../services/kernel/client-sessions';
import { Jobs } from '../services/jobs/jobs';
import type { HostCapabilities } from '../services/kernel/host-capabilities';
import { join } from 'node:path';
import { ensurePrivateDir } from '../services/platform/private-files';
import type { HostToken } from '../services/instance/host-token-file';
import { describeUnreadable } from '../services/secrets/unreadable-notice';
import type { DataNotice } from '../services/platform/set-aside';

export interface CoreOptions {
  readonly hostKind: 'electron' | 'browser';
  /** What the host can do for the core beyond its kind (notify); none by default. */
  readonly capabilities?: Omit<HostCapabilities, 'kind'>;
  readonly version: string;
  readonly dataDir: string;
  readonly settingsBackend: SettingsBackend;
  readonly secrets: SecretStore;
  readonly clock?: Clock;
  readonly log?: Logger;
  readonly fetch?: typeof fetch;
  /** Builds the areas beyond app/settings; defaults to every feature of the product. */
  readonly features?: (ctx: CoreContext) => Feature[];
  /**
   * Refuse to start when a contract call has no handler (default). Tests composing a subset of
   * features turn this off; the missing calls then answer `unavailable`.
   */
  readonly requireAllHandlers?: boolean;
  /** The data folder's access token of the local API (hosts that serve one); enables its rotation. */
  readonly hostToken?: HostToken;
  /**
   * Files set aside before this core was made (a damaged database found by the start of an
   * earlier core on this folder): said in the log and the status bar as its own.
   */
  readonly notices?: readonly DataNotice[];
  /** Database path; defaults to `<dataDir>/hooklab.db`. */
  readonly databasePath?: string;
  /**
   * The project config file the host was given (`--config FILE`, or HOOKLAB_CONFIG read by the
   * host); without it, project.config reads `hooklab.config.json` in the folder the host started in.
   */
  readonly projectConfigPath?: string;
}

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

export function createCore(options: CoreOptions): Core {
  // Database, settings and secrets live here: only the user may list or open it (0700).
  const folderWarning = ensurePrivateDir(options.dataDir);
  const settings = new SettingsService(options.settingsBackend);
  const log = options.log ?? createConsoleLogger();
  const bus = new EventBus((event, error) => log.error(`a follower of ${event} failed`, { message: (error as Error)?.message ?? String(error) }));
  const environments = new Environments(settings, options.secrets);
  const status = new StatusHub(
    initialStatus({
      kind: options.hostKind,
      version: options.version,
      dataDir: options.dataDir,
      secretsWarning: options.secrets.warning,
      dataNotices: [],
      environment: environments.activeInfo(),
    }),
    bus,
  );
  const databasePath = options.databasePath ?? join(options.dataDir, 'hooklab.db');
  const database = openAppDatabase(databasePath);
  const setAside = [...(options.notices ?? []), ...(options.settingsBackend.notices ?? []), ...settings.notices, ...options.secrets.notices, ...database.notices];
  // Said once in the log (with where each file went) and kept in the status bar until restart;
  // unreadable secrets leave the list as soon as they are entered again.
  for (const notice of setAside) log.warn(notice.message);
  if (folderWarning) log.warn(folderWarning);
  const dataNotices = () => [
    ...setAside.map((n) => n.message),
    ...describeUnreadable(options.secrets.unreadable(), settings.get()),
  ];
  status.updateHost({ dataNotices: dataNotices() });
  options.secrets.onChange(() => status.updateHost({ dataNotices: dataNotices() }));
  settings.onChange(() => status.updateHost({ dataNotices: dataNotices() }));
  const clock = options.clock ?? systemClock;
  const resendRequests = new ResendRequests(clock);
  const ctx: CoreContext = {
    dataDir: options.dataDir,
    db: database.db,
    databasePath,
    settings,
    secrets: options.secrets,
    environments,
    clock,
    bus,
    status,
    log,
    fetch: options.fetch ?? globalThis.fetch.bind(globalThis),
    resendRequests,
    deliveries: new DeliveryStore(database.db, (eventId) => resendRequests.isRequested(eventId)),
    traces: new StartedTraces(loadTraceKey(options.dataDir)),
    jobs: new Jobs((progress) => bus.emit('job.progress', progress), clock),
    host: { kind: options.hostKind, ...options.capabilities },
    webhookKeys: new WebhookKeys({ settings, secrets: options.secrets, clock }),
    sessions: new ClientSessions(),
    projectConfigPath: options.projectConfigPath ?? null,
  };
  environments.onChange(() => status.updateHost({ environment: environments.activeInfo() }));
  let features: Feature[];
  let handlers: Handlers;
  let missing: CallName[];
  try {
    // The explainer asks the other areas through the core's own calls (`invoke`, below): it reads
    // what they answer and never imports them.
    features = [
      createAppFeature(ctx, options.hostToken),
      createJobsFeature(ctx.jobs),
      createWebhookKeysFeature(ctx),
      ...(options.features?.(ctx) ?? []),
      createExplainFeature((name, args) => invoke(name, args), clock),
    ];
    handlers = handlerTable(features);
    missing = CALL_NAMES.filter((name) => typeof handlers[name] !== 'function');
    if (missing.length > 0 && options.requireAllHandlers !== false) {
      throw new Error(`contract calls without a handler: ${missing.join(', ')}`);
    }
  } catch (error) {
    // Refused before anything started (a feature that cannot be built, a call answered twice or
    // not at all): the database opened above is let go, so the folder's lock and file are free.
    void database.close();
    throw error;
  }
  for (const name of missing) {
    (handlers as Record<string, unknown>)[name] = async () => {
      throw new CallError('unavailable', `${name} is not available in this configuration`);
    };
  }

  const invoke = async (name: string, rawArgs: unknown): Promise<CallEnvelope<unknown>> => {
    try {
      if (!isCallName(name)) throw new CallError('unknown-call', `unknown call "${name}"`);
      const args = parseCallArgs(name, rawArgs);
      const handler = handlers[name] as (a: unknown) => Promise<unknown>;
      return { ok: true, value: await handler(args) };
    } catch (error) {
      if (error instanceof CallError) return { ok: false, error: { code: error.code, message: error.message } };
      ctx.log.error(`call ${name} failed`, { message: (error as Error).message });
      return { ok: false, error: { code: 'internal', message: (error as Error).message } };
    }
  };

  let started: Feature[] = [];
  const stopFeatures = async () => {
    // Long work ends first (cancelled, what is under way finishes) while its features still run.
    await ctx.jobs.stop();
    for (const feature of started.reverse()) {
      try {
        await feature.stop?.();
      } catch (error) {
        ctx.log.warn(`stopping ${feature.name} failed`, { message: (error as Error).message });
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
