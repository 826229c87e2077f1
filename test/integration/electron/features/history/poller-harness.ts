import { openDatabase, type Database } from '../../../../../electron/services/data/database';
import { HistoryStore } from '../../../../../electron/services/data/history-store';
import { HistoryPoller } from '../../../../../electron/features/history/poller';
import { HistoryClient } from '../../../../../electron/services/service-api/history-client';
import { silentLogger } from '../../../../../electron/services/kernel/logger';
import type { Clock } from '../../../../../electron/services/platform/clock';
import { systemClock } from '../../../../../electron/services/platform/clock';
import type { PollerStatus } from '../../../../../shared/contract/status';
import type { StoreCredentials } from '../../../../../electron/emulator';

/** A poller wired to a real database file and a real client, as the feature wires it. */
export interface PollerRig {
  readonly db: Database;
  readonly store: HistoryStore;
  readonly client: HistoryClient;
  readonly poller: HistoryPoller;
  readonly status: Partial<PollerStatus>;
  /** Every status patch the poller reported, in order. */
  readonly reports: Array<Partial<PollerStatus>>;
  close(): Promise<void>;
}

export function pollerRig(options: {
  dbPath: string;
  baseUrl: string;
  creds: StoreCredentials;
  clock?: Clock;
  timeoutMs?: number;
  environmentId?: string;
  retention?: { maxDeliveries: number; maxBytes: number };
  budget?: { pages: number; bytes: number };
}): PollerRig {
  const db = openDatabase(options.dbPath);
  const store = new HistoryStore(db);
  const client = new HistoryClient({
    connection: {
      baseUrl: options.baseUrl,
      apiV3Url: `${options.baseUrl}/api/v3`,
      clientId: options.creds.clientId,
      clientSecret: options.creds.clientSecret,
    },
    fetch,
    clock: options.clock ?? systemClock,
    ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}),
  });
  const status: Partial<PollerStatus> = {};
  const reports: Array<Partial<PollerStatus>> = [];
  const environmentId = options.environmentId ?? 'sandbox';
  const poller = new HistoryPoller({
    store,
    clock: options.clock ?? systemClock,
    log: silentLogger,
    target: () => ({ environmentId, client }),
    intervalMs: () => 60_000,
    enabled: () => true,
    report: (patch) => {
      reports.push(patch);
      Object.assign(status, patch);
    },
    onApplied: () => {},
    ...(options.retention ? { retention: () => options.retention! } : {}),
    ...(options.budget ? { budget: options.budget } : {}),
  });
  return {
    db,
    store,
    client,
    poller,
    status,
    reports,
    close: async () => {
      await poller.stop();
      db.close();
    },
  };
}

/** Every delivery id of the local copy, in order. */
export function localIds(db: Database, environmentId = 'sandbox'): number[] {
  return (db.prepare('SELECT id FROM history_deliveries WHERE environment_id = ? ORDER BY id').all(environmentId) as { id: number }[]).map(
    (r) => Number(r.id),
  );
}

/** Every delivery id the service has for the store, read with the cursor rule itself. */
export async function serviceIds(client: HistoryClient): Promise<number[]> {
  const ids: number[] = [];
  let cursor = 0;
  for (;;) {
    const page = await client.list({ filters: `id>${cursor}`, sorts: 'id', page: 1, pageSize: 100 });
    if (page.webhookEvents.length === 0) return ids;
    for (const d of page.webhookEvents) ids.push(d.id);
    cursor = ids[ids.length - 1] as number;
  }
}
