import { describe, expect, it } from 'vitest';
import { DatabaseSync } from 'node:sqlite';
import { migrate } from '../../../../../../electron/services/data/migrate';
import { migrations } from '../../../../../../electron/services/data/migrations';

describe('migration 003 (received deliveries: payload hash indexed only where there is no event id)', () => {
  it('keeps the indexes the listener queries and drops the superseded one', () => {
    const db = new DatabaseSync(':memory:');
    migrate(db, migrations);
    const indexes = (db.prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'received_deliveries'").all() as {
      name: string;
    }[]).map((r) => r.name);
    // received_by_time: migration 012 (the activity strip's count by minute, issue 31); received_by_import: 016.
    expect(indexes.sort()).toEqual(['received_by_event', 'received_by_hash_unlogged', 'received_by_import', 'received_by_order_time', 'received_by_time']);
  });
});
