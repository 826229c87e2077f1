import type { DeliveryStore } from '../../services/data/delivery-store';
import type { HistoryStore } from '../../services/data/history-store';
import type { ImportStore } from '../../services/data/import-store';
import type { ReplayStore } from '../../services/data/replay-store';
import type { ReplayReads } from '../../services/data/replay-reads';
import type { Clock } from '../../services/platform/clock';
import type { EventBus } from '../../services/kernel/event-bus';
import type { Logger } from '../../services/kernel/logger';
import type { Jobs } from '../../services/jobs/jobs';
import type { ClientSessions } from '../../services/kernel/client-sessions';
import type { StartedTraces } from '../../services/tracing/started-traces';
import type { SettingsService } from '../../services/settings/settings-service';
import type { Environments } from '../../services/environments/environments';
import type { WebhookKeys } from '../../services/webhook-keys/webhook-keys';
import type { KeyChoices } from '../../services/webhook-keys/key-choices';

/**
 * What Replay uses of the core: its drafts and replays, the stores a draft opens from, jobs and
 * clients' sessions, the traces it starts, and the keys it signs with.
 */
export interface ReplayDeps {
  readonly data: {
    readonly deliveries: DeliveryStore;
    readonly history: HistoryStore;
    readonly imports: ImportStore;
    readonly replays: ReplayStore;
    readonly replayReads: ReplayReads;
  };
  readonly runtime: {
    readonly clock: Clock;
    readonly bus: EventBus;
    readonly log: Logger;
    readonly jobs: Jobs;
    readonly sessions: ClientSessions;
    readonly traces: StartedTraces;
  };
  readonly config: {
    readonly settings: SettingsService;
    readonly environments: Environments;
    readonly webhookKeys: WebhookKeys;
    readonly keyChoices: KeyChoices;
  };
}
