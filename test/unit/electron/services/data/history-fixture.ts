import { afterEach, beforeEach } from 'vitest';
import { openDatabase, type Database } from '../../../../../electron/services/data/database';
import { HistoryStore } from '../../../../../electron/services/data/history-store';
import type { WebhookDelivery } from '../../../../../shared/service';

/** The local copy of the service's history, on a fresh in-memory database for each test of the describe that calls it. */
export function historyInMemory(): { readonly db: Database; readonly store: HistoryStore } {
  let db: Database | null = null;
  let store: HistoryStore | null = null;
  beforeEach(() => {
    db = openDatabase(':memory:');
    store = new HistoryStore(db);
  });
  afterEach(() => db?.close());
  return {
    get db() {
      return db!;
    },
    get store() {
      return store!;
    },
  };
}

/** A delivery as the service's history lists it: a `Created` event of order `eventId`, to a hook on this machine. */
export function historyDelivery(fields: Pick<WebhookDelivery, 'id' | 'eventId' | 'eventCreated' | 'created' | 'responseStatusCode' | 'delivered'>): WebhookDelivery {
  return { ...fields, eventType: 'Created', url: 'http://127.0.0.1/hook', payload: `{"orderId":"${fields.eventId}"}` };
}
