import type { Migration } from '../migrate';

/**
 * The listener's running totals (migration 005) and the search queue (006) were kept by
 * triggers that ran one statement each per inserted row, inside the listener's group commit.
 * Profiled under load (50 connections), the INSERT with its triggers was the listener thread's
 * largest cost after COMMIT; without the two insert triggers it answers 5-10% more deliveries
 * a second. DeliveryStore.commitBatch now does both once per batch, in the same transaction
 * (services/data/delivery-store.ts). The delete triggers stay: Clear and retention remove rows
 * from anywhere, and each removed row must leave the totals, the queue and the index.
 */
export const migration014: Migration = {
  id: 14,
  name: 'received-batch-bookkeeping',
  sql: `
    DROP TRIGGER received_totals_insert;
    DROP TRIGGER received_search_queue;
  `,
};
