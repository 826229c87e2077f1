import type { Database } from './database';
import { withTransaction } from '../platform/sqlite-transaction';

/** What versions before the settings file's `replay` section kept in the database. */
export interface ReplaySettingsInDatabase {
  /** Only the settings that were changed (a missing one was its default). */
  readonly settings: { readonly timeoutMs?: number; readonly bodyCapBytes?: number };
  readonly targets: ReadonlyArray<{
    readonly id: number;
    readonly url: string;
    readonly label: string;
    readonly optedIn: boolean;
    readonly reason: string | null;
    readonly addedAt: string;
  }>;
}

/**
 * Replay's settings and targets as migration 4 stored them (`replay_settings`,
 * `replay_targets`). They live in the settings file now; these tables are only read once, to
 * move what an existing user had there, then emptied so nothing reads them again.
 */
export class ReplaySettingsTables {
  constructor(private readonly db: Database) {}

  /** What the tables still hold; null when they are empty (new folder, or already moved). */
  read(): ReplaySettingsInDatabase | null {
    const settingRows = this.db.prepare('SELECT name, value FROM replay_settings').all() as Array<{ name: string; value: string }>;
    const targetRows = this.db.prepare('SELECT id, url, label, opted_in, reason, added_at FROM replay_targets ORDER BY id').all() as Array<{
      id: number;
      url: string;
      label: string;
      opted_in: number;
      reason: string | null;
      added_at: string;
    }>;
    if (settingRows.length === 0 && targetRows.length === 0) return null;
    const settings: { timeoutMs?: number; bodyCapBytes?: number } = {};
    for (const { name, value } of settingRows) if (name === 'timeoutMs' || name === 'bodyCapBytes') settings[name] = Number(value);
    return {
      settings,
      targets: targetRows.map((r) => ({ id: r.id, url: r.url, label: r.label, optedIn: r.opted_in === 1, reason: r.reason, addedAt: r.added_at })),
    };
  }

  /** Empties both tables (after their content is safe in the settings file). */
  clear(): void {
    withTransaction(this.db, () => {
      this.db.exec('DELETE FROM replay_settings');
      this.db.exec('DELETE FROM replay_targets');
    });
  }
}
