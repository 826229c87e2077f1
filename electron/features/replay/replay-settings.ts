import {
  ReplaySectionSchema,
  ReplayTargetEntrySchema,
  type ReplaySettings,
  type ReplayTargetEntry,
} from '../../../shared/settings';
import type { ReplaySettingsTables } from '../../services/data/replay-settings-tables';
import type { Logger } from '../../services/kernel/logger';
import type { SettingsService } from '../../services/settings/settings-service';

/**
 * Replay's settings (timeout, body cap) and its own targets, in the settings file's `replay`
 * section: one home with every other setting, so each change is validated, saved and announced
 * (settings.changed) by the settings service like any other.
 */
export class ReplaySettingsHome {
  constructor(private readonly settings: SettingsService) {}

  get(): ReplaySettings {
    const { timeoutMs, bodyCapBytes } = this.settings.get().replay;
    return { timeoutMs, bodyCapBytes };
  }

  /** Replaces the fields given (one save, one settings.changed). */
  set(patch: Partial<ReplaySettings>): ReplaySettings {
    const given = Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== undefined));
    this.settings.update({ replay: given });
    return this.get();
  }

  listTargets(): readonly ReplayTargetEntry[] {
    return this.settings.get().replay.targets;
  }

  /** Adds a target, or replaces the one with the same URL where it is (its id kept). */
  upsertTarget(t: { url: string; label: string; optedIn: boolean; reason: string | null }, at: string): ReplayTargetEntry {
    const targets = this.listTargets();
    const same = targets.find((x) => x.url === t.url);
    const entry: ReplayTargetEntry = same ? { ...same, ...t } : { id: nextTargetId(targets), ...t, addedAt: at };
    this.settings.update({ replay: { targets: same ? targets.map((x) => (x === same ? entry : x)) : [...targets, entry] } });
    return entry;
  }

  removeTarget(id: number): boolean {
    const targets = this.listTargets();
    if (!targets.some((t) => t.id === id)) return false;
    this.settings.update({ replay: { targets: targets.filter((t) => t.id !== id) } });
    return true;
  }
}

/** Ids as the database minted them (the largest plus one), so a moved target keeps its own. */
function nextTargetId(targets: readonly ReplayTargetEntry[]): number {
  return targets.reduce((max, t) => Math.max(max, t.id), 0) + 1;
}

/**
 * Start-up data move 1 (core/data-moves.ts). Moves what an existing user's database still holds of Replay's settings and targets
 * (versions before the `replay` section) into the settings file, then empties those tables,
 * so the file is the only place read from then on. The tables' values win over the file's:
 * they are there only when the move has not happened yet, or a version before it ran since.
 * A target whose URL the file already has is updated in place (a move cut short by a crash
 * between saving the file and emptying the tables repeats harmlessly). A value the settings no
 * longer accept is left out, and said in the log.
 */
export function moveReplaySettingsFromDatabase(settings: SettingsService, tables: ReplaySettingsTables, log: Logger): boolean {
  const old = tables.read();
  if (!old) return true;
  const section = ReplaySectionSchema.shape;
  const patch: { timeoutMs?: number; bodyCapBytes?: number; targets?: ReplayTargetEntry[] } = {};
  const skipped: string[] = [];
  for (const name of ['timeoutMs', 'bodyCapBytes'] as const) {
    const value = old.settings[name];
    if (value === undefined) continue;
    if (section[name].safeParse(value).success) patch[name] = value;
    else skipped.push(`${name} ${value}`);
  }
  const targets = [...settings.get().replay.targets];
  for (const target of old.targets) {
    const at = targets.findIndex((t) => t.url === target.url);
    const id = at >= 0 ? targets[at]!.id : targets.some((t) => t.id === target.id) ? nextTargetId(targets) : target.id;
    const entry = ReplayTargetEntrySchema.safeParse({ ...target, id });
    if (!entry.success) skipped.push(`target ${target.url}`);
    else if (at >= 0) targets[at] = entry.data;
    else targets.push(entry.data);
  }
  if (old.targets.length > 0) patch.targets = targets;
  try {
    settings.update({ replay: patch });
  } catch (error) {
    // Kept in the database, tried again at the next start; this run uses the defaults.
    log.warn("Replay's settings and targets could not be moved to the settings file", { message: (error as Error).message });
    return false;
  }
  tables.clear();
  if (skipped.length > 0) log.warn(`Replay settings left out while moving them to the settings file (not valid any more): ${skipped.join(', ')}`);
  return true;
}
