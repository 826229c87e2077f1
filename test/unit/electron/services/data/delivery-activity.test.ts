import { describe, expect, it } from 'vitest';
import { DatabaseSync } from 'node:sqlite';
import { migrate } from '../../../../../electron/services/data/migrate';
import { migrations } from '../../../../../electron/services/data/migrations';
import {
  bucketWidth,
  DeliveryActivity,
} from '../../../../../electron/services/data/delivery-activity';

const T0 = Date.UTC(2026, 10, 26, 19, 0, 0);

function setup() {
  const db = new DatabaseSync(':memory:');
  migrate(db, migrations);
  const insert =
    db.prepare(`INSERT INTO received_deliveries (received_at, received_at_ms, method, path, headers_json, body, body_size, body_sha256, signature_outcome)
    VALUES (?, ?, 'POST', '/hooks', '[]', x'', 0, '', ?)`);
  const forward = db.prepare(
    `INSERT INTO forward_results (delivery_id, target, status, created_at) VALUES (?, 'http://127.0.0.1:1/h', ?, '')`,
  );
  const add = (atMs: number, verdict: string, handlerStatuses: Array<number | null> = []) => {
    const id = Number(insert.run(new Date(atMs).toISOString(), atMs, verdict).lastInsertRowid);
    for (const s of handlerStatuses) forward.run(id, s);
  };
  const imports = db.prepare(`INSERT INTO imports (file_name, kind, imported_at, count) VALUES ('team.hooklab', 'bundle', '', 1)`);
  /** A row imported from a file: stored beside received ones, never received here. */
  const addImported = (atMs: number, verdict: string, handlerStatuses: Array<number | null> = []) => {
    const id = Number(insert.run(new Date(atMs).toISOString(), atMs, verdict).lastInsertRowid);
    db.prepare('UPDATE received_deliveries SET import_id = ? WHERE id = ?').run(Number(imports.run().lastInsertRowid), id);
    for (const s of handlerStatuses) forward.run(id, s);
  };
  return { db, add, addImported, activity: new DeliveryActivity(db) };
}

describe('DeliveryActivity (the activity strip, counted in SQL)', () => {
  it('counts deliveries per minute by verdict and marks those a handler failed', () => {
    const { add, activity } = setup();
    add(T0 + 1_000, 'valid', [200]);
    add(T0 + 59_999, 'invalid', [500]);
    add(T0 + 60_000, 'missing', [null]);
    add(T0 + 61_000, 'no-key', [200, 503]); // one of two targets failed: counts once
    add(T0 + 5 * 60_000, 'valid');
    add(T0 - 1, 'valid'); // before the range
    add(T0 + 3_600_000, 'valid'); // the range ends before it

    const result = activity.read(T0, T0 + 3_600_000);
    expect(result.bucketMs).toBe(60_000);
    expect(result.buckets).toEqual([
      { startMs: T0, valid: 1, invalid: 1, missing: 0, other: 0, handlerFailed: 1 },
      { startMs: T0 + 60_000, valid: 0, invalid: 0, missing: 1, other: 1, handlerFailed: 2 },
      { startMs: T0 + 5 * 60_000, valid: 1, invalid: 0, missing: 0, other: 0, handlerFailed: 0 },
    ]);
  });

  it('leaves imported rows out: they were never received here', () => {
    const { add, addImported, activity } = setup();
    add(T0 + 1_000, 'valid', [200]);
    addImported(T0 + 2_000, 'invalid', [500]);
    addImported(T0 + 3 * 60_000, 'valid', [null]);
    expect(activity.read(T0, T0 + 3_600_000).buckets).toEqual([
      { startMs: T0, valid: 1, invalid: 0, missing: 0, other: 0, handlerFailed: 0 },
    ]);
  });

  it('widens the slices to whole minutes so a long range has at most 120', () => {
    expect(bucketWidth(T0, T0 + 3_600_000)).toBe(60_000);
    expect(bucketWidth(T0, T0 + 2 * 3_600_000)).toBe(60_000);
    expect(bucketWidth(T0, T0 + 24 * 3_600_000)).toBe(12 * 60_000);
    const { add, activity } = setup();
    add(T0 + 11 * 60_000, 'valid');
    add(T0 + 13 * 60_000, 'valid');
    const day = activity.read(T0, T0 + 24 * 3_600_000);
    expect(day.buckets.map((b) => [b.startMs - T0, b.valid])).toEqual([
      [0, 1],
      [12 * 60_000, 1],
    ]);
  });
});
