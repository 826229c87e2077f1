import type { Database } from '../services/data/database';
import type { DeliveryStore } from '../services/data/delivery-store';
import type { HistoryStore } from '../services/data/history-store';
import type { HistoryActivityReads } from '../services/data/history-activity';
import type { ResendRemainderStore } from '../services/data/resend-remainder-store';
import type { ReplayStore } from '../services/data/replay-store';
import type { ReplayReads } from '../services/data/replay-reads';
import type { TraceStore } from '../services/data/trace-store';
import type { DeliverySearch } from '../services/data/delivery-search';
import type { DeliveryActivity } from '../services/data/delivery-activity';
import type { ImportStore } from '../services/data/import-store';
import type { HistorySequenceReads, SequenceReads } from '../services/data/sequence-reads';
import type { SettingsService } from '../services/settings/settings-service';
import type { SecretStore } from '../services/secrets/secret-store';
import type { Clock } from '../services/platform/clock';
import type { EventBus } from '../services/kernel/event-bus';
import type { StatusHub } from '../services/kernel/status-hub';
import type { Logger } from '../services/kernel/logger';
import type { Environments } from '../services/environments/environments';
import type { ResendRequests } from '../services/resend-requests/resend-requests';
import type { StartedTraces } from '../services/tracing/started-traces';
import type { Jobs } from '../services/jobs/jobs';
import type { HostCapabilities } from '../services/kernel/host-capabilities';
import type { WebhookKeys } from '../services/webhook-keys/webhook-keys';
import type { ClientSessions } from '../services/kernel/client-sessions';
import type { KeyChoices } from '../services/webhook-keys/key-choices';

/**
 * The tables' stores and reads, each built once per core on this thread's connection
 * (core/compose.ts). The listener's thread has its own DeliveryStore on its own connection.
 */
export interface CoreData {
  readonly db: Database;
  /** The database's file, for connections of other threads (the listener's). */
  readonly databasePath: string;
  /** The received deliveries: listing, export, detail, the diff, clear; knows the requested resends. */
  readonly deliveries: DeliveryStore;
  readonly search: DeliverySearch;
  readonly activity: DeliveryActivity;
  readonly imports: ImportStore;
  /** The active environment's copy of the service's delivery history. */
  readonly history: HistoryStore;
  readonly historyActivity: HistoryActivityReads;
  readonly resendRemainders: ResendRemainderStore;
  readonly replays: ReplayStore;
  readonly replayReads: ReplayReads;
  /** The spans of the traces Hooklab started, as the OTLP receiver kept them. */
  readonly spans: TraceStore;
  readonly sequenceReads: SequenceReads;
  readonly historySequenceReads: HistorySequenceReads;
}

/** What runs while the core runs: time, the log, events, status, long work, clients' sessions. */
export interface CoreRuntime {
  readonly clock: Clock;
  readonly log: Logger;
  readonly bus: EventBus;
  readonly status: StatusHub;
  readonly fetch: typeof fetch;
  /** Long work: run with a signal, a pool and a rate, followed and cancelled through jobs.*. */
  readonly jobs: Jobs;
  /** Clients' live connections (the local API's event sockets): what a client lends for its session ends with it. */
  readonly sessions: ClientSessions;
  /** Resends the user asked for, while under way (History asks, Live receives). */
  readonly resendRequests: ResendRequests;
  /** The traces Hooklab started: every request it sends to a handler draws its `traceparent` here. */
  readonly traces: StartedTraces;
}

/** What the user and the host configured: settings, secrets, environments, keys, the folder. */
export interface CoreConfig {
  readonly dataDir: string;
  readonly settings: SettingsService;
  readonly secrets: SecretStore;
  readonly environments: Environments;
  /** The webhook keys: the listener verifies with them, Replay, the handler check and the CLI sign with them. */
  readonly webhookKeys: WebhookKeys;
  /** What a draft or an import signs with: the webhook keys and Replay's throwaway keys (some held for a client's session only). */
  readonly keyChoices: KeyChoices;
  /** What the host can do for the core (show a notification, bring the window to a place). */
  readonly host: HostCapabilities;
  /** The project config file the host was given (CoreOptions.projectConfigPath); null: `hooklab.config.json` where the host started. */
  readonly projectConfigPath: string | null;
}

/**
 * Everything the core composed, by kind. A feature never takes it whole: it declares in its own
 * folder (deps.ts) the few parts it uses, and this context is checked against that shape.
 */
export interface CoreContext {
  readonly data: CoreData;
  readonly runtime: CoreRuntime;
  readonly config: CoreConfig;
}
