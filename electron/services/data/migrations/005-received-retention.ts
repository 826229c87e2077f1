import type { Migration } from '../migrate';

/**
 * Retention of received deliveries: running totals (count and stored bytes: body plus headers)
 * kept by triggers, so enforcing the caps after each batch reads one row instead of summing
 * the table. `truncated` also says how a body is not whole from now on: 1 over the limit (as
 * before), 2 cut off mid-body.
 */
export const migration005: Migration = {
  id: 5,
  name: 'received-retention',
  sql: `
    CREATE TABLE received_totals (
      only INTEGER PRIMARY KEY CHECK (only = 1),
      count INTEGER NOT NULL,
      bytes INTEGER NOT NULL
    );
    INSERT INTO received_totals (only, count, bytes)
      SELECT 1, COUNT(*), COALESCE(SUM(length(body) + length(headers_json)), 0) FROM received_deliveries;
    CREATE TRIGGER received_totals_insert AFTER INSERT ON received_deliveries BEGIN
      UPDATE received_totals SET count = count + 1, bytes = bytes + length(NEW.body) + length(NEW.headers_json);
    END;
    CREATE TRIGGER received_totals_delete AFTER DELETE ON received_deliveries BEGIN
      UPDATE received_totals SET count = count - 1, bytes = bytes - length(OLD.body) - length(OLD.headers_json);
    END;
  `,
};
