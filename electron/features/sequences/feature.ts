import { CallError } from '../../../shared/contract/errors';
import type { Feature } from '../../services/kernel/feature';
import type { SequencesDeps } from './deps';
import { otherEnvironmentKeyIds } from '../../services/webhook-keys/key-environments';
import { DeliverySource } from './delivery-source';
import { withImportMarks } from './import-marks';
import { OrderIndex } from './order-index';

export interface SequencesFeatureOptions {
  /** How long events are gathered before the index reads what is new (one read per burst). */
  readonly coalesceMs?: number;
}

/** At most this many order ids in one sequences.changed event; `more` says there were others. */
const MAX_CHANGED_IDS = 500;

/**
 * The Sequences area: an in-memory index of orders over the received deliveries and the active
 * environment's history copy, kept current from live.received and history.updated (coalesced),
 * and the calls sequences.list and sequences.get.
 */
export function createSequencesFeature(ctx: SequencesDeps, options: SequencesFeatureOptions = {}): Feature {
  const coalesceMs = options.coalesceMs ?? 250;
  const imports = ctx.data.imports;
  const index = new OrderIndex(
    new DeliverySource(ctx.data.sequenceReads, ctx.data.historySequenceReads),
    () => {
      const environmentId = ctx.config.settings.get().environments.active;
      return {
        environmentId,
        otherEnvironmentKeyIds: otherEnvironmentKeyIds(ctx.config.settings.get().listener.keys, environmentId, (id) => ctx.config.environments.isKnown(id)),
      };
    },
    () => ctx.runtime.clock.now(),
    (ids) => (ids.length === 0 || imports.importedCount() === 0 ? new Set() : new Set(imports.marksOf(ids).keys())),
  );
  let timer: ReturnType<typeof setTimeout> | null = null;
  let recheckTimer: ReturnType<typeof setTimeout> | null = null;
  const unsubscribers: Array<() => void> = [];

  const announce = () => {
    const changed = index.takeChanged();
    if (changed.length > 0)
      ctx.runtime.bus.emit('sequences.changed', { orderIds: changed.slice(0, MAX_CHANGED_IDS), more: changed.length > MAX_CHANGED_IDS, orders: index.size });
  };
  /** Wakes up when a 3-D Secure success leaves its grace period, so the open view gets its flag. */
  const armRecheck = () => {
    if (recheckTimer) clearTimeout(recheckTimer);
    recheckTimer = null;
    const at = index.nextRecheckAt();
    if (at === null) return;
    recheckTimer = setTimeout(() => {
      recheckTimer = null;
      index.recheckNow();
      announce();
      armRecheck();
    }, Math.min(Math.max(at - ctx.runtime.clock.now(), 0), 2 ** 31 - 1));
    recheckTimer.unref?.();
  };

  const update = async () => {
    timer = null;
    // Nobody has asked for orders yet: the first call reads everything anyway.
    if (!index.built) return;
    try {
      await index.refresh();
      announce();
      armRecheck();
    } catch (error) {
      ctx.runtime.log.error('sequences: refreshing the order index failed', { message: (error as Error).message });
    }
  };
  const schedule = () => {
    timer ??= setTimeout(() => void update(), coalesceMs);
  };

  return {
    name: 'sequences',
    handlers: {
      'sequences.list': async (query) => {
        const list = await index.list(query);
        armRecheck();
        return list;
      },
      'sequences.get': async ({ orderId }) => {
        const detail = await index.get(orderId);
        if (!detail) throw new CallError('not-found', `no delivery names order ${JSON.stringify(String(orderId))}`);
        return withImportMarks(detail, (ids) => imports.marksOf(ids));
      },
    },
    async start() {
      unsubscribers.push(
        ctx.runtime.bus.on('live.received', schedule),
        ctx.runtime.bus.on('live.imported', schedule),
        ctx.runtime.bus.on('history.updated', schedule),
        ctx.runtime.bus.on('live.removed', ({ keptFromId }) => {
          // Only what retention removed: the index keeps imported rows below keptFromId.
          index.forgetLiveBelow(keptFromId);
          announce();
        }),
        ctx.runtime.bus.on('live.cleared', () => {
          index.reset();
          ctx.runtime.bus.emit('sequences.changed', { orderIds: [], more: true, orders: 0 });
        }),
      );
      // Another active environment or another key attribution changes which deliveries count.
      unsubscribers.push(
        ctx.config.settings.onChange((next, previous) => {
          if (next.environments.active !== previous.environments.active || next.listener.keys !== previous.listener.keys) schedule();
        }),
      );
    },
    async stop() {
      for (const u of unsubscribers.splice(0)) u();
      if (timer) clearTimeout(timer);
      if (recheckTimer) clearTimeout(recheckTimer);
      timer = null;
      recheckTimer = null;
    },
  };
}
