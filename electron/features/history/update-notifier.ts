import type { EventBus } from '../../services/kernel/event-bus';
import type { HistoryStore } from '../../services/data/history-store';

/**
 * Batches changes of the local copy into at most one `history.updated` event per interval, so a
 * catch-up of 1,000 pages is a handful of messages and one pending-count query per batch.
 */
export class UpdateNotifier {
  private pending = new Map<string, { inserted: number; updated: number; maxId: number }>();
  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor(
    private readonly bus: EventBus,
    private readonly store: HistoryStore,
    private readonly intervalMs = 1_000,
  ) {}

  add(environmentId: string, change: { inserted: number; updated: number; ids: number[] }): void {
    const entry = this.pending.get(environmentId) ?? { inserted: 0, updated: 0, maxId: 0 };
    entry.inserted += change.inserted;
    entry.updated += change.updated;
    for (const id of change.ids) if (id > entry.maxId) entry.maxId = id;
    this.pending.set(environmentId, entry);
    this.timer ??= setTimeout(() => this.flush(), this.intervalMs);
  }

  flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const batches = this.pending;
    this.pending = new Map();
    for (const [environmentId, b] of batches) {
      const { pendingEvents } = this.store.counts(environmentId);
      this.bus.emit('history.updated', { environmentId, ...b, pendingEvents });
    }
  }
}
