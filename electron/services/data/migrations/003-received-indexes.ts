import type { Migration } from '../migrate';

/**
 * Received deliveries: cheaper inserts. The payload-hash index only serves duplicate detection
 * for deliveries WITHOUT an event id (the service's unlogged deliveries, see docs/service.md#unlogged-deliveries); indexing every
 * row's random SHA-256 dirtied one more index page per row per commit. Measured on the
 * listener's insert path (test/bench/store-writes.ts, batches of 26, synchronous=FULL): 76.9 µs
 * a row with the earlier indexes, 50.3 µs with these (run of 2026-11-23). received_by_order
 * (order, event_created text) was superseded by 002's received_by_order_time and nothing
 * queries it.
 */
export const migration003: Migration = {
  id: 3,
  name: 'received-indexes',
  sql: `
    DROP INDEX received_by_order;
    DROP INDEX received_by_hash;
    CREATE INDEX received_by_hash_unlogged ON received_deliveries(body_sha256) WHERE event_id IS NULL;
  `,
};
