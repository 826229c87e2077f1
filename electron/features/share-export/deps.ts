import type { DeliveryStore } from '../../services/data/delivery-store';
import type { HistoryStore } from '../../services/data/history-store';
import type { TraceStore } from '../../services/data/trace-store';
import type { Clock } from '../../services/platform/clock';
import type { Jobs } from '../../services/jobs/jobs';
import type { StatusHub } from '../../services/kernel/status-hub';
import type { SecretStore } from '../../services/secrets/secret-store';
import type { Environments } from '../../services/environments/environments';

/** What sharing uses of the core: the stores a bundle reads, jobs, the secrets it redacts. */
export interface ShareExportDeps {
  readonly data: { readonly deliveries: DeliveryStore; readonly history: HistoryStore; readonly spans: TraceStore };
  readonly runtime: { readonly clock: Clock; readonly jobs: Jobs; readonly status: StatusHub };
  readonly config: { readonly dataDir: string; readonly secrets: SecretStore; readonly environments: Environments };
}
