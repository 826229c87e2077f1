import type { Database } from '../../services/data/database';
import type { DeliveryStore } from '../../services/data/delivery-store';
import type { HistoryStore } from '../../services/data/history-store';
import type { HistoryActivityReads } from '../../services/data/history-activity';
import type { ResendRemainderStore } from '../../services/data/resend-remainder-store';
import type { Clock } from '../../services/platform/clock';
import type { EventBus } from '../../services/kernel/event-bus';
import type { Logger } from '../../services/kernel/logger';
import type { StatusHub } from '../../services/kernel/status-hub';
import type { Jobs } from '../../services/jobs/jobs';
import type { ResendRequests } from '../../services/resend-requests/resend-requests';
import type { SettingsService } from '../../services/settings/settings-service';
import type { Environments } from '../../services/environments/environments';

/**
 * What History uses of the core: its copy and reads, the received deliveries it pairs with
 * (and the connection the reconciliation's reads run on), the service's network, jobs, status.
 */
export interface HistoryDeps {
  readonly data: {
    readonly db: Database;
    readonly deliveries: DeliveryStore;
    readonly history: HistoryStore;
    readonly historyActivity: HistoryActivityReads;
    readonly resendRemainders: ResendRemainderStore;
  };
  readonly runtime: {
    readonly clock: Clock;
    readonly bus: EventBus;
    readonly log: Logger;
    readonly status: StatusHub;
    readonly fetch: typeof fetch;
    readonly jobs: Jobs;
    readonly resendRequests: ResendRequests;
  };
  readonly config: { readonly settings: SettingsService; readonly environments: Environments };
}
