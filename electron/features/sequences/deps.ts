import type { ImportStore } from '../../services/data/import-store';
import type { HistorySequenceReads, SequenceReads } from '../../services/data/sequence-reads';
import type { Clock } from '../../services/platform/clock';
import type { EventBus } from '../../services/kernel/event-bus';
import type { Logger } from '../../services/kernel/logger';
import type { SettingsService } from '../../services/settings/settings-service';
import type { Environments } from '../../services/environments/environments';

/** What Sequences uses of the core: the two stores' sequence reads, the imports' marks, the bus. */
export interface SequencesDeps {
  readonly data: { readonly imports: ImportStore; readonly sequenceReads: SequenceReads; readonly historySequenceReads: HistorySequenceReads };
  readonly runtime: { readonly clock: Clock; readonly bus: EventBus; readonly log: Logger };
  readonly config: { readonly settings: SettingsService; readonly environments: Environments };
}
