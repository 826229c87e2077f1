import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { composeData } from '../../../../electron/core/compose';
import { createCore, type Core } from '../../../../electron/core/core';
import { createSequencesFeature } from '../../../../electron/features/sequences/feature';
import { createScenariosFeature } from '../../../../electron/features/scenarios/feature';
import { openDatabase, type Database } from '../../../../electron/services/data/database';
import { EventBus } from '../../../../electron/services/kernel/event-bus';
import type { Logger } from '../../../../electron/services/kernel/logger';
import { ResendRequests } from '../../../../electron/services/resend-requests/resend-requests';
import { Environments } from '../../../../electron/services/environments/environments';
import { memorySettingsBackend, SettingsService } from '../../../../electron/services/settings/settings-service';
import { MemorySecretStore } from '../../../../electron/services/secrets/secret-store';
import { body } from '../features/sequences/build';

const quiet: Logger = { info: () => {}, warn: () => {}, error: () => {} };
const clock = { now: () => Date.parse('2026-11-23T10:00:00.000Z') };

/** A delivery as the listener stores it (the columns Sequences reads). */
function received(db: Database, text: string, eventId: number): void {
  const bytes = Buffer.from(text);
  const ms = clock.now();
  db.prepare(`INSERT INTO received_deliveries (received_at, received_at_ms, method, path, headers_json, body, body_size, body_sha256,
    event_id, event_created, event_created_ms, signature_outcome) VALUES (?, ?, 'POST', '/', '[]', ?, ?, ?, ?, ?, ?, 'valid')`)
    .run(new Date(ms).toISOString(), ms, bytes, bytes.length, createHash('sha256').update(bytes).digest('hex'), eventId, new Date(ms).toISOString(), ms);
}

describe('the composition root', () => {
  let dir: string | null = null;
  let core: Core | null = null;
  afterEach(async () => {
    await core?.stop();
    core = null;
    if (dir) rmSync(dir, { recursive: true, force: true });
    dir = null;
  });

  it('one feature over stores composed on an in-memory database and only the runtime and config it declares', async () => {
    const db = openDatabase(':memory:');
    const data = composeData(db, ':memory:', new ResendRequests(clock), quiet);
    const settings = new SettingsService(memorySettingsBackend());
    // Exactly SequencesDeps: no jobs, no status, no network: the type checks the rest is not used.
    const sequences = createSequencesFeature({
      data,
      runtime: { clock, bus: new EventBus(), log: quiet },
      config: { settings, environments: new Environments(settings, new MemorySecretStore()) },
    });
    received(db, body('Created', null, 'A'), 1);
    received(db, body('Cancelled', null, 'A'), 2);
    const list = await sequences.handlers['sequences.list']!({ offset: 0, limit: 10 });
    expect(list.orders.map((o) => [o.orderId, o.status, o.events])).toEqual([['A', 'CANCELLED', 2]]);
    const detail = await sequences.handlers['sequences.get']!({ orderId: 'A' });
    expect(detail.events.map((e) => e.description)).toEqual(['Created', 'Cancelled']);
    await expect(sequences.handlers['sequences.get']!({ orderId: 'B' })).rejects.toThrow(/no delivery names order "B"/);
    db.close();
  });

  it('createCore over an in-memory database: features read the stores it composed, after the start-up moves', async () => {
    dir = mkdtempSync(join(tmpdir(), 'hooklab-compose-'));
    core = createCore({
      hostKind: 'browser',
      version: 'test',
      dataDir: dir,
      databasePath: ':memory:',
      settingsBackend: memorySettingsBackend(),
      secrets: new MemorySecretStore(),
      log: quiet,
      clock,
      requireAllHandlers: false,
      features: (ctx) => [createScenariosFeature(ctx), createSequencesFeature(ctx)],
    });
    await core.start();
    const { data } = core.ctx;
    received(data.db, body('Created', null, 'R'), 7);
    const answer = await core.invoke('sequences.list', { offset: 0, limit: 10 });
    expect(answer).toMatchObject({ ok: true, value: { orders: [{ orderId: 'R' }] } });
    // The start-up moves ran once, on this database, before the features started.
    expect(data.db.prepare('SELECT id FROM data_moves ORDER BY id').all()).toEqual([{ id: 1 }, { id: 2 }]);
  });
});
