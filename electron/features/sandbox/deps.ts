import type { EventBus } from '../../services/kernel/event-bus';
import type { Logger } from '../../services/kernel/logger';
import type { StatusHub } from '../../services/kernel/status-hub';
import type { Jobs } from '../../services/jobs/jobs';
import type { SettingsService } from '../../services/settings/settings-service';
import type { Environments } from '../../services/environments/environments';
import type { WebhookKeys } from '../../services/webhook-keys/webhook-keys';

/** What the embedded sandbox uses of the core: no table, the status, jobs, environments and keys. */
export interface SandboxDeps {
  readonly runtime: { readonly bus: EventBus; readonly fetch: typeof fetch; readonly jobs: Jobs; readonly log: Logger; readonly status: StatusHub };
  readonly config: { readonly dataDir: string; readonly settings: SettingsService; readonly environments: Environments; readonly webhookKeys: WebhookKeys };
}
