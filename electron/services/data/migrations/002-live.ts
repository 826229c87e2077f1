import type { Migration } from '../migrate';

/**
 * Live area: the event's creation time as epoch ms (ISO strings with and without fractions do
 * not sort as text), the attempt number per event, and the handler summary the table shows
 * without joining forward_results over 100k rows.
 */
export const migration002: Migration = {
  id: 2,
  name: 'live',
  sql: `
    ALTER TABLE received_deliveries ADD COLUMN event_created_ms INTEGER;
    ALTER TABLE received_deliveries ADD COLUMN attempt INTEGER NOT NULL DEFAULT 1;
    ALTER TABLE received_deliveries ADD COLUMN handler_targets INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE received_deliveries ADD COLUMN handler_failed INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE received_deliveries ADD COLUMN handler_first_status INTEGER;
    ALTER TABLE received_deliveries ADD COLUMN handler_first_error TEXT;
    CREATE INDEX received_by_order_time ON received_deliveries(order_id, event_created_ms);
  `,
};
