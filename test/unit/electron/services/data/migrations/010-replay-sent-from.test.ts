import { DatabaseSync } from 'node:sqlite';
import { describe, expect, it } from 'vitest';
import { migrate } from '../../../../../../electron/services/data/migrate';
import { migrations } from '../../../../../../electron/services/data/migrations';
import { ReplayReads } from '../../../../../../electron/services/data/replay-reads';

describe('where a replay was sent from (migration 010)', () => {
  it("files the replays of a database made before it as sent from the app, and refuses an unknown origin", () => {
    const db = new DatabaseSync(':memory:');
    migrate(db, migrations.filter((m) => m.id <= 9));
    // A row as Replay of schema 9 wrote it.
    db.exec(`INSERT INTO replays (sent_at, batch_id, method, target_url, tamper, request_size, status, status_class, request_headers_json, request_body)
      VALUES ('2026-01-01T00:00:00Z', 'b', 'POST', 'http://127.0.0.1:9/', 'none', 2, 200, '2xx', '[]', X'7B7D')`);
    migrate(db, migrations);
    expect(new ReplayReads(db).listReplays({ status: 'all', limit: 10 }).rows.map((r) => r.sentFrom)).toEqual(['app']);
    expect(() => db.exec(`UPDATE replays SET sent_from = 'mcp'`)).toThrow(/CHECK constraint failed/);
  });
});
