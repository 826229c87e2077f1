import type { Migration } from '../migrate';

/**
 * Bytes of a body that go into the search index. Webhook payloads are a few KiB; a body of
 * several MiB (the listener keeps those) would cost tokenising time for text nobody searches
 * past its first screens.
 */
export const SEARCH_INDEXED_BODY_BYTES = 256 * 1024;

/**
 * Full-text search over received deliveries' headers and bodies (FTS5, unicode61 tokens).
 * Contentless (`content=''`): the text already lives in received_deliveries, the index only
 * keeps tokens; contentless_delete lets rows leave it.
 *
 * The listener's insert does not tokenise: FTS5 writes a segment per transaction, which
 * doubled the cost of the listener's small group commits (test/bench/store-writes.ts). A
 * trigger only queues the new id in received_search_pending; DeliverySearch indexes the queue
 * in large transactions shortly after, and always before it answers a search. Deletes (clear,
 * retention, whoever deletes) leave the index and the queue through the delete trigger, so a
 * reused id never matches an old body. The backfill queues every row stored before this step.
 */
export const migration006: Migration = {
  id: 6,
  name: 'delivery-search',
  sql: `
    CREATE VIRTUAL TABLE received_search USING fts5(
      headers, body, content = '', contentless_delete = 1, tokenize = 'unicode61 remove_diacritics 2'
    );
    CREATE TABLE received_search_pending (id INTEGER PRIMARY KEY);
    CREATE TRIGGER received_search_queue AFTER INSERT ON received_deliveries BEGIN
      INSERT INTO received_search_pending (id) VALUES (new.id);
    END;
    CREATE TRIGGER received_search_forget AFTER DELETE ON received_deliveries BEGIN
      DELETE FROM received_search_pending WHERE id = old.id;
      DELETE FROM received_search WHERE rowid = old.id;
    END;
    INSERT INTO received_search_pending (id) SELECT id FROM received_deliveries;
  `,
};
