import type { Handlers } from '../../../shared/contract';
import type { Database } from '../data/database';
import type { SettingsService } from '../settings/settings-service';
import type { SecretStore } from '../secrets/secret-store';
import type { Clock } from '../platform/clock';
import type { EventBus } from './event-bus';
import type { StatusHub } from './status-hub';
import type { Logger } from './logger';
import type { Environments } from '../environments/environments';
import type { ResendRequests } from '../resend-requests/resend-requests';
import type { DeliveryStore } from '../data/delivery-store';
import type { StartedTraces } from '../tracing/started-traces';
import type { Jobs } from '../jobs/jobs';
import type { HostCapabilities } from './host-capabilities';
import type { WebhookKeys } from '../webhook-keys/webhook-keys';
import type { ClientSessions } from './client-sessions';

/** What every service receives; nothing here imports `electron`. */
export interface CoreContext {
  readonly dataDir: string;
  readonly db: Database;
  /** The database's file, for connections of other threads (the listener's). */
  readonly databasePath: string;
  readonly settings: SettingsService;
  readonly secrets: SecretStore;
  readonly environments: Environments;
  readonly clock: Clock;
  readonly bus: EventBus;
  readonly status: StatusHub;
  readonly log: Logger;
  readonly fetch: typeof fetch;
  /**
   * The received deliveries on this thread's connection, built once per app (the listener's
   * thread has its own, on its own connection): listing, export, detail, the diff, clear.
   */
  readonly deliveries: DeliveryStore;
  /** Resends the user asked for, while under way (History asks, Live receives). */
  readonly resendRequests: ResendRequests;
  /** The traces Hooklab started: every request it sends to a handler draws its `traceparent` here. */
  readonly traces: StartedTraces;
  /** Long work: run with a signal, a pool and a rate, followed and cancelled through jobs.*. */
  readonly jobs: Jobs;
  /** What the host can do for the core (show a notification, bring the window to a place). */
  readonly host: HostCapabilities;
  /** The webhook keys: the listener verifies with them, Replay, the handler check and the CLI sign with them. */
  readonly webhookKeys: WebhookKeys;
  /** Clients' live connections (the local API's event sockets): what a client lends for its session ends with it. */
  readonly sessions: ClientSessions;
  /** The project config file the host was given (CoreOptions.projectConfigPath); null: `hooklab.config.json` where the host started. */
  readonly projectConfigPath: string | null;
}

/**
 * One area of the app (live, history, sandbox...): the contract calls it implements and its
 * lifecycle. The core starts features in order and stops them in reverse.
 */
export interface Feature {
  readonly name: string;
  readonly handlers: Partial<Handlers>;
  start?(): Promise<void>;
  stop?(): Promise<void>;
}
