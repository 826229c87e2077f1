import type { Migration } from '../migrate';

/**
 * What a received body without an event type is (empty, not UTF-8, not JSON, JSON without a
 * type), stored with the row. The listener classifies the body once while it reads it; before
 * this step the table listing read such rows' bodies again to say so. Rows stored before it
 * keep NULL until DeliveryStore.classifyUntypedBodies fills them in once at start-up (the
 * classification needs a strict UTF-8 decode that SQL does not have).
 */
export const migration007: Migration = {
  id: 7,
  name: 'received-body-kind',
  sql: `ALTER TABLE received_deliveries ADD COLUMN body_kind TEXT
    CHECK (body_kind IS NULL OR body_kind IN ('empty', 'not-utf8', 'not-json', 'json-without-type'));`,
};
