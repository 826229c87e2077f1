import type { Migration } from '../migrate';

/**
 * Received deliveries by arrival time and verdict, for the activity strip's GROUP BY
 * (services/data/delivery-activity.ts). Without it the count of an hour reads every row with
 * its body (signature_outcome comes after the body in the row): about 0.5 s over 100,000
 * stored deliveries; with it SQLite reads the index alone. received_at_ms only grows, so new
 * rows go to the index's right edge (one page per commit).
 */
export const migration012: Migration = {
  id: 12,
  name: 'received-by-time',
  sql: `
    CREATE INDEX received_by_time ON received_deliveries(received_at_ms, signature_outcome);
  `,
};
