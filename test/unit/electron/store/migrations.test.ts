import { describe, expect, it } from 'vitest';
import { DatabaseSync } from 'node:sqlite';
import { migrate } from '../../../../electron/store/migrate';
import { migrations } from '../../../../electron/store/migrations';

const insert = `INSERT INTO history_deliveries
  (environment_id, id, event_id, event_type, event_created, url, payload, response_status_code, delivered, created, fetched_at)
  VALUES (?, ?, ?, 'Created', '2026-01-01T00:00:00Z', 'http://x/', '{}', 200, 1, '2026-01-01T00:00:01Z', '2026-01-01T00:00:02Z')`;

describe('migration 003 (history copy as a rowid table)', () => {
  it('keeps every history row and still refuses a second copy of (environment, id)', () => {
    const db = new DatabaseSync(':memory:');
    migrate(db, migrations.slice(0, 2));
    const before = db.prepare(insert);
    before.run('sandbox', 1, 10);
    before.run('sandbox', 2, 10);
    before.run('prod', 1, 11);
    migrate(db, migrations);
    const rows = db.prepare('SELECT environment_id, id, event_id FROM history_deliveries ORDER BY environment_id, id').all();
    expect(rows.map((r) => ({ ...r }))).toEqual([
      { environment_id: 'prod', id: 1, event_id: 11 },
      { environment_id: 'sandbox', id: 1, event_id: 10 },
      { environment_id: 'sandbox', id: 2, event_id: 10 },
    ]);
    expect(() => db.prepare(insert).run('sandbox', 2, 12)).toThrow(/UNIQUE/);
    const indexes = (db.prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'history_deliveries'").all() as {
      name: string;
    }[]).map((r) => r.name);
    expect(indexes).toEqual(expect.arrayContaining(['history_by_id', 'history_by_event']));
  });
});

describe('migration 004 (received deliveries: payload hash indexed only where there is no event id)', () => {
  it('keeps the indexes the listener queries and drops the superseded one', () => {
    const db = new DatabaseSync(':memory:');
    migrate(db, migrations);
    const indexes = (db.prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'received_deliveries'").all() as {
      name: string;
    }[]).map((r) => r.name);
    expect(indexes.sort()).toEqual(['received_by_event', 'received_by_hash_unlogged', 'received_by_order_time']);
  });
});
