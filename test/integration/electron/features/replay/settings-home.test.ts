import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createReplayFeature } from '../../../../../electron/features/replay/feature';
import { openAppDatabase } from '../../../../../electron/services/data/app-database';
import { confSettingsBackend } from '../../../../../electron/services/settings/conf-backend';
import type { SettingsView } from '../../../../../shared/contract/app';
import { startTestApp, type TestApp } from '../../../../support/app-harness';
import { tempDirs } from '../../../../support/temp-dirs';

const newDir = tempDirs('hooklab-replay-settings-');
const apps: TestApp[] = [];
afterEach(async () => {
  for (const a of apps.splice(0)) await a.close();
});

/** A core with Replay on `dataDir`, its settings in the folder's settings.json as every host keeps them. */
async function start(dataDir: string): Promise<TestApp> {
  const app = await startTestApp({
    dataDir,
    settingsBackend: confSettingsBackend(dataDir),
    features: (ctx) => [createReplayFeature(ctx)],
    requireAllHandlers: false,
    rendererDir: '/nonexistent-renderer',
  });
  apps.push(app);
  return app;
}

async function restart(app: TestApp): Promise<TestApp> {
  apps.splice(apps.indexOf(app), 1);
  await app.close();
  return start(app.dataDir);
}

function settingsFile(dataDir: string): { replay?: unknown } {
  return JSON.parse(readFileSync(join(dataDir, 'settings.json'), 'utf8')) as { replay?: unknown };
}

/** A data folder as a version that kept Replay's settings and targets in the database left it. */
async function folderWithReplaySettingsInDatabase(): Promise<string> {
  const dataDir = newDir();
  const database = openAppDatabase(join(dataDir, 'hooklab.db'));
  database.db.exec(`
    INSERT INTO replay_settings (name, value) VALUES ('timeoutMs', '2500'), ('bodyCapBytes', '4096');
    INSERT INTO replay_targets (id, url, label, opted_in, reason, added_at) VALUES
      (3, 'http://127.0.0.1:9/hooks', 'local handler', 0, NULL, '2026-01-01T00:00:00.000Z'),
      (7, 'https://staging.example.com/hooks', 'staging', 1, 'our staging handler', '2026-01-02T00:00:00.000Z');
  `);
  await database.close();
  return dataDir;
}

describe("Replay's settings and targets in the settings file", () => {
  it("moves an existing user's settings and targets out of the database once, and the app shows the same", async () => {
    const dataDir = await folderWithReplaySettingsInDatabase();
    let app = await start(dataDir);

    expect(settingsFile(dataDir).replay).toEqual({
      timeoutMs: 2500,
      bodyCapBytes: 4096,
      targets: [
        { id: 3, url: 'http://127.0.0.1:9/hooks', label: 'local handler', optedIn: false, reason: null, addedAt: '2026-01-01T00:00:00.000Z' },
        { id: 7, url: 'https://staging.example.com/hooks', label: 'staging', optedIn: true, reason: 'our staging handler', addedAt: '2026-01-02T00:00:00.000Z' },
      ],
    });
    const shown = async (a: TestApp) => ({
      settings: await a.call('replay.settings', {}),
      targets: (await a.call('replay.targets', {})).targets,
    });
    const before = await shown(app);
    expect(before.settings).toEqual({ timeoutMs: 2500, bodyCapBytes: 4096 });
    expect(before.targets).toEqual([
      { id: 3, source: 'replay', url: 'http://127.0.0.1:9/hooks', label: 'local handler', loopback: true, optedIn: false, optInReason: null, refusal: null },
      { id: 7, source: 'replay', url: 'https://staging.example.com/hooks', label: 'staging', loopback: false, optedIn: true, optInReason: 'our staging handler', refusal: null },
    ]);
    // The old copy is emptied: nothing reads it again.
    const count = (table: string) => (app.core.ctx.data.db.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;
    expect([count('replay_settings'), count('replay_targets')]).toEqual([0, 0]);

    // A change after the move is what the next start shows (the database's values never come back).
    await app.call('replay.setSettings', { timeoutMs: 3000 });
    await app.call('replay.removeTarget', { id: 3 });
    app = await restart(app);
    expect(await app.call('replay.settings', {})).toEqual({ timeoutMs: 3000, bodyCapBytes: 4096 });
    expect((await app.call('replay.targets', {})).targets.map((t) => t.id)).toEqual([7]);
  });

  it('repeats a move cut short between saving the file and emptying the tables without doubling a target', async () => {
    const dataDir = await folderWithReplaySettingsInDatabase();
    const app = await start(dataDir);
    const moved = settingsFile(dataDir).replay;
    // As if the tables had not been emptied: the same rows again.
    app.core.ctx.data.db.exec(`
      INSERT INTO replay_settings (name, value) VALUES ('timeoutMs', '2500'), ('bodyCapBytes', '4096');
      INSERT INTO replay_targets (id, url, label, opted_in, reason, added_at) VALUES
        (3, 'http://127.0.0.1:9/hooks', 'local handler', 0, NULL, '2026-01-01T00:00:00.000Z'),
        (7, 'https://staging.example.com/hooks', 'staging', 1, 'our staging handler', '2026-01-02T00:00:00.000Z');
    `);
    await restart(app);
    expect(settingsFile(dataDir).replay).toEqual(moved);
  });

  it('a new data folder gets the defaults and an empty list, in the file', async () => {
    const dataDir = newDir();
    const app = await start(dataDir);
    expect(await app.call('replay.settings', {})).toEqual({ timeoutMs: 10_000, bodyCapBytes: 20 * 1024 * 1024 });
    expect((await app.call('replay.targets', {})).targets).toEqual([]);
    await app.call('replay.addTarget', { url: 'http://127.0.0.1:9/a', label: 'a' });
    expect(settingsFile(dataDir).replay).toMatchObject({ targets: [{ id: 1, url: 'http://127.0.0.1:9/a', label: 'a', optedIn: false, reason: null }] });
  });

  it('each change is saved and announced once, by the one settings.changed event', async () => {
    const app = await start(newDir());
    const changes: SettingsView[] = [];
    app.core.ctx.runtime.bus.on('settings.changed', (view) => changes.push(view));

    await app.call('replay.setSettings', { timeoutMs: 1234 });
    expect(changes).toHaveLength(1);
    expect(changes[0]!.settings.replay).toMatchObject({ timeoutMs: 1234, bodyCapBytes: 20 * 1024 * 1024 });

    const target = await app.call('replay.addTarget', { url: 'https://staging.example.com/hooks', label: 'staging', allowNonLoopback: true, reason: 'our staging handler' });
    expect(changes).toHaveLength(2);
    expect(changes[1]!.settings.replay.targets).toEqual([expect.objectContaining({ id: target.id, url: 'https://staging.example.com/hooks', optedIn: true, reason: 'our staging handler' })]);

    await app.call('replay.removeTarget', { id: target.id! });
    expect(changes).toHaveLength(3);
    expect(changes[2]!.settings.replay.targets).toEqual([]);
    // The same section through settings.get, as the Settings page reads it.
    expect((await app.call('settings.get', {})).settings.replay).toEqual({ timeoutMs: 1234, bodyCapBytes: 20 * 1024 * 1024, targets: [] });
  });
});
