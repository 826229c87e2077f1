import type { Clock } from '../../services/platform/clock';
import type { Jobs } from '../../services/jobs/jobs';
import type { StartedTraces } from '../../services/tracing/started-traces';
import type { Environments } from '../../services/environments/environments';
import type { WebhookKeys } from '../../services/webhook-keys/webhook-keys';

/** What the flow runner uses of the core: no table, the network, jobs, environments and keys. */
export interface FlowsDeps {
  readonly runtime: { readonly clock: Clock; readonly fetch: typeof fetch; readonly jobs: Jobs; readonly traces: StartedTraces };
  readonly config: { readonly environments: Environments; readonly webhookKeys: WebhookKeys };
}
