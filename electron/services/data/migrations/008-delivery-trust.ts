import type { Migration } from '../migrate';

/**
 * Whether a received delivery verified, as the listener judged it: 1 it verified with a
 * configured key, 0 a key was configured and it did not (invalid, missing, unverifiable),
 * NULL no key was configured. Duplicate, attempt and order judgements compare a delivery only
 * with deliveries of its own kind, so unsigned traffic never changes what verified deliveries
 * mean. Rows stored before this step: 'missing' could have been either, so it stays NULL (as
 * before) and only an outcome that needed a key says which.
 */
export const migration008: Migration = {
  id: 8,
  name: 'delivery-trust',
  sql: `
    ALTER TABLE received_deliveries ADD COLUMN verified INTEGER;
    UPDATE received_deliveries SET verified = CASE signature_outcome
      WHEN 'valid' THEN 1 WHEN 'invalid' THEN 0 WHEN 'unverifiable' THEN 0 ELSE NULL END;
    DROP INDEX received_by_event;
    CREATE INDEX received_by_event ON received_deliveries(event_id, verified);
    DROP INDEX received_by_hash_unlogged;
    CREATE INDEX received_by_hash_unlogged ON received_deliveries(body_sha256, verified) WHERE event_id IS NULL;
  `,
};
