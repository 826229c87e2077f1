import type { DeliveryStore } from '../../services/data/delivery-store';
import type { DeliverySearch } from '../../services/data/delivery-search';
import type { DeliveryActivity } from '../../services/data/delivery-activity';
import type { ImportStore } from '../../services/data/import-store';
import type { HistoryStore } from '../../services/data/history-store';
import type { Clock } from '../../services/platform/clock';
import type { EventBus } from '../../services/kernel/event-bus';
import type { Logger } from '../../services/kernel/logger';
import type { StatusHub } from '../../services/kernel/status-hub';
import type { Jobs } from '../../services/jobs/jobs';
import type { ResendRequests } from '../../services/resend-requests/resend-requests';
import type { SettingsService } from '../../services/settings/settings-service';
import type { SecretStore } from '../../services/secrets/secret-store';
import type { Environments } from '../../services/environments/environments';
import type { WebhookKeys } from '../../services/webhook-keys/webhook-keys';
import type { KeyChoices } from '../../services/webhook-keys/key-choices';

/**
 * What Live uses of the core: the received deliveries with their search, activity and imports,
 * the history copy a detail pairs with, the key choices (an imported bundle's key), the
 * database's file for the listener's thread, and the runtime and configuration it follows.
 */
export interface LiveDeps {
  readonly data: {
    readonly databasePath: string;
    readonly deliveries: DeliveryStore;
    readonly search: DeliverySearch;
    readonly activity: DeliveryActivity;
    readonly imports: ImportStore;
    readonly history: HistoryStore;
  };
  readonly runtime: {
    readonly clock: Clock;
    readonly bus: EventBus;
    readonly log: Logger;
    readonly status: StatusHub;
    readonly jobs: Jobs;
    readonly resendRequests: ResendRequests;
  };
  readonly config: {
    readonly dataDir: string;
    readonly settings: SettingsService;
    readonly secrets: SecretStore;
    readonly environments: Environments;
    readonly webhookKeys: WebhookKeys;
    /** An imported bundle's key becomes a Replay throwaway key. */
    readonly keyChoices: KeyChoices;
  };
}
