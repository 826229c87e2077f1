import type { DeliveryStore } from '../../services/data/delivery-store';
import type { HistoryStore } from '../../services/data/history-store';
import type { Clock } from '../../services/platform/clock';
import type { EventBus } from '../../services/kernel/event-bus';
import type { Logger } from '../../services/kernel/logger';
import type { Jobs } from '../../services/jobs/jobs';
import type { HostCapabilities } from '../../services/kernel/host-capabilities';
import type { SettingsService } from '../../services/settings/settings-service';

/** What Notifications uses of the core: the app's one DeliveryStore and history copy, the bus, the host. */
export interface NotificationsDeps {
  readonly data: { readonly deliveries: DeliveryStore; readonly history: HistoryStore };
  readonly runtime: { readonly clock: Clock; readonly bus: EventBus; readonly log: Logger; readonly jobs: Jobs };
  readonly config: { readonly settings: SettingsService; readonly host: HostCapabilities };
}
