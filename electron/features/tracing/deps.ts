import type { TraceStore } from '../../services/data/trace-store';
import type { EventBus } from '../../services/kernel/event-bus';
import type { Logger } from '../../services/kernel/logger';
import type { StatusHub } from '../../services/kernel/status-hub';
import type { SettingsService } from '../../services/settings/settings-service';

/** What Tracing uses of the core: the spans' store, the bus, the status and the settings. */
export interface TracingDeps {
  readonly data: { readonly spans: TraceStore };
  readonly runtime: { readonly bus: EventBus; readonly log: Logger; readonly status: StatusHub };
  readonly config: { readonly dataDir: string; readonly settings: SettingsService };
}
