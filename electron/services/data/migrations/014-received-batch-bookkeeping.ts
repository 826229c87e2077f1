import type { Migration } from '../migrate';

/**
 * The listener's running totals (migration 005) and the search queue (006) were kept by
 * triggers that ran one statement each per inserted row, inside the listener's group commit,
 * on the thread that must answer at once. DeliveryStore.commitBatch now does both once per
 * batch, in the same transaction (services/data/delivery-store.ts). The delete triggers stay:
 * Clear and retention remove rows from anywhere, and each removed row must leave the totals,
 * the queue and the index.
 */
export const migration014: Migration = {
  id: 14,
  name: 'received-batch-bookkeeping',
  sql: `
    DROP TRIGGER received_totals_insert;
    DROP TRIGGER received_search_queue;
  `,
};
