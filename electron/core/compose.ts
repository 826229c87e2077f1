import { join } from 'node:path';
import { openAppDatabase, type AppDatabase } from '../services/data/app-database';
import type { Database } from '../services/data/database';
import { DeliveryStore } from '../services/data/delivery-store';
import { HistoryStore } from '../services/data/history-store';
import { HistoryActivityReads } from '../services/data/history-activity';
import { ResendRemainderStore } from '../services/data/resend-remainder-store';
import { ReplayStore } from '../services/data/replay-store';
import { ReplayReads } from '../services/data/replay-reads';
import { TraceStore } from '../services/data/trace-store';
import { DeliverySearch } from '../services/data/delivery-search';
import { DeliveryActivity } from '../services/data/delivery-activity';
import { ImportStore } from '../services/data/import-store';
import { HistorySequenceReads, SequenceReads } from '../services/data/sequence-reads';
import { SettingsService } from '../services/settings/settings-service';
import { systemClock } from '../services/platform/clock';
import { EventBus } from '../services/kernel/event-bus';
import { ResendRequests } from '../services/resend-requests/resend-requests';
import { loadTraceKey, StartedTraces } from '../services/tracing/started-traces';
import { initialStatus, StatusHub } from '../services/kernel/status-hub';
import { createConsoleLogger, type Logger } from '../services/kernel/logger';
import { Environments } from '../services/environments/environments';
import { WebhookKeys } from '../services/webhook-keys/webhook-keys';
import { KeyChoices } from '../services/webhook-keys/key-choices';
import { ClientSessions } from '../services/kernel/client-sessions';
import { Jobs } from '../services/jobs/jobs';
import { ensurePrivateDir } from '../services/platform/private-files';
import { describeUnreadable } from '../services/secrets/unreadable-notice';
import type { CoreConfig, CoreContext, CoreData, CoreRuntime } from './context';
import type { CoreOptions } from './options';

/**
 * The core's composition root: every store over this thread's connection, built once. Nothing
 * else in the app constructs a table's store (the listener's thread builds its own DeliveryStore
 * on its own connection). `isRequested` is the one rule of requested resends both share.
 */
export function composeData(db: Database, databasePath: string, resendRequests: ResendRequests, log: Logger): CoreData {
  return {
    db,
    databasePath,
    deliveries: new DeliveryStore(db, (eventId) => resendRequests.isRequested(eventId)),
    search: new DeliverySearch(db, { onError: (error) => log.error('search indexing failed', { message: (error as Error)?.message }) }),
    activity: new DeliveryActivity(db),
    imports: new ImportStore(db),
    history: new HistoryStore(db),
    historyActivity: new HistoryActivityReads(db),
    resendRemainders: new ResendRemainderStore(db),
    replays: new ReplayStore(db),
    replayReads: new ReplayReads(db),
    spans: new TraceStore(db),
    sequenceReads: new SequenceReads(db),
    historySequenceReads: new HistorySequenceReads(db),
  };
}

/** The configuration's services: settings, secrets, environments and keys, and what the host can do. */
function composeConfig(options: CoreOptions, clock: CoreRuntime['clock']): Omit<CoreConfig, 'keyChoices'> {
  const settings = new SettingsService(options.settingsBackend);
  return {
    dataDir: options.dataDir,
    settings,
    secrets: options.secrets,
    environments: new Environments(settings, options.secrets),
    webhookKeys: new WebhookKeys({ settings, secrets: options.secrets, clock }),
    host: { kind: options.hostKind, ...options.capabilities },
    projectConfigPath: options.projectConfigPath ?? null,
  };
}

function composeRuntime(options: CoreOptions, config: Omit<CoreConfig, 'keyChoices'>): CoreRuntime {
  const log = options.log ?? createConsoleLogger();
  const clock = options.clock ?? systemClock;
  const bus = new EventBus((event, error) => log.error(`a follower of ${event} failed`, { message: (error as Error)?.message ?? String(error) }));
  const status = new StatusHub(
    initialStatus({
      kind: options.hostKind,
      version: options.version,
      dataDir: options.dataDir,
      secretsWarning: options.secrets.warning,
      dataNotices: [],
      environment: config.environments.activeInfo(),
    }),
    bus,
  );
  return {
    clock,
    log,
    bus,
    status,
    fetch: options.fetch ?? globalThis.fetch.bind(globalThis),
    jobs: new Jobs((progress) => bus.emit('job.progress', progress), clock),
    sessions: new ClientSessions(),
    resendRequests: new ResendRequests(clock),
    traces: new StartedTraces(loadTraceKey(options.dataDir)),
  };
}

/**
 * Files set aside (a damaged database, settings or secrets) and secrets that cannot be read: said
 * once in the log (with where each file went) and kept in the status bar until restart;
 * unreadable secrets leave the list as soon as they are entered again.
 */
function reportNotices(options: CoreOptions, ctx: { config: Omit<CoreConfig, 'keyChoices'>; runtime: CoreRuntime }, database: AppDatabase, folderWarning: string | null): void {
  const { settings, secrets, environments } = ctx.config;
  const { log, status } = ctx.runtime;
  const setAside = [...(options.notices ?? []), ...(options.settingsBackend.notices ?? []), ...settings.notices, ...secrets.notices, ...database.notices];
  for (const notice of setAside) log.warn(notice.message);
  if (folderWarning) log.warn(folderWarning);
  const dataNotices = () => [...setAside.map((n) => n.message), ...describeUnreadable(secrets.unreadable(), settings.get())];
  status.updateHost({ dataNotices: dataNotices() });
  secrets.onChange(() => status.updateHost({ dataNotices: dataNotices() }));
  settings.onChange(() => status.updateHost({ dataNotices: dataNotices() }));
  environments.onChange(() => status.updateHost({ environment: environments.activeInfo() }));
}

/**
 * Builds the core's context: the configuration, the runtime, the database and every store.
 * A store that cannot be built lets the database go (its folder's lock and file are free).
 */
export function composeContext(options: CoreOptions): { ctx: CoreContext; database: AppDatabase } {
  // Database, settings and secrets live here: only the user may list or open it (0700).
  const folderWarning = ensurePrivateDir(options.dataDir);
  const config = composeConfig(options, options.clock ?? systemClock);
  const runtime = composeRuntime(options, config);
  const databasePath = options.databasePath ?? join(options.dataDir, 'hooklab.db');
  const database = openAppDatabase(databasePath);
  reportNotices(options, { config, runtime }, database, folderWarning);
  try {
    const data = composeData(database.db, databasePath, runtime.resendRequests, runtime.log);
    const keyChoices = new KeyChoices(config.webhookKeys, { ...config, clock: runtime.clock }, data.replays);
    return { ctx: { data, runtime, config: { ...config, keyChoices } }, database };
  } catch (error) {
    void database.close();
    throw error;
  }
}
