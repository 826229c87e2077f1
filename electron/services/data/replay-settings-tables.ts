import type { Database } from './database';
import { DEFAULT_REPLAY_SETTINGS, type ReplaySettings } from '../../../shared/contract/replay-targets';

export interface StoredTarget {
  readonly id: number;
  readonly url: string;
  readonly label: string;
  readonly optedIn: boolean;
  readonly reason: string | null;
}

/** Replay's own targets (`replay_targets`) and its settings (`replay_settings`). */
export class ReplaySettingsTables {
  constructor(private readonly db: Database) {}

  listTargets(): StoredTarget[] {
    const rows = this.db.prepare('SELECT id, url, label, opted_in, reason FROM replay_targets ORDER BY id').all() as Array<{
      id: number;
      url: string;
      label: string;
      opted_in: number;
      reason: string | null;
    }>;
    return rows.map((r) => ({ id: r.id, url: r.url, label: r.label, optedIn: r.opted_in === 1, reason: r.reason }));
  }

  /** Adds or replaces (same URL) a target. */
  upsertTarget(t: { url: string; label: string; optedIn: boolean; reason: string | null }, at: string): StoredTarget {
    this.db
      .prepare(
        `INSERT INTO replay_targets (url, label, opted_in, reason, added_at) VALUES (?, ?, ?, ?, ?)
         ON CONFLICT(url) DO UPDATE SET label = excluded.label, opted_in = excluded.opted_in, reason = excluded.reason`,
      )
      .run(t.url, t.label, t.optedIn ? 1 : 0, t.reason, at);
    return this.listTargets().find((x) => x.url === t.url)!;
  }

  removeTarget(id: number): boolean {
    return this.db.prepare('DELETE FROM replay_targets WHERE id = ?').run(id).changes > 0;
  }
  settings(): ReplaySettings {
    const rows = this.db.prepare('SELECT name, value FROM replay_settings').all() as Array<{ name: string; value: string }>;
    const stored = Object.fromEntries(rows.map((r) => [r.name, Number(r.value)]));
    return {
      timeoutMs: stored.timeoutMs ?? DEFAULT_REPLAY_SETTINGS.timeoutMs,
      bodyCapBytes: stored.bodyCapBytes ?? DEFAULT_REPLAY_SETTINGS.bodyCapBytes,
    };
  }

  setSettings(patch: Partial<ReplaySettings>): ReplaySettings {
    const put = this.db.prepare('INSERT INTO replay_settings (name, value) VALUES (?, ?) ON CONFLICT(name) DO UPDATE SET value = excluded.value');
    for (const [name, value] of Object.entries(patch)) if (value !== undefined) put.run(name, String(value));
    return this.settings();
  }
}
