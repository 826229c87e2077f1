import {
  LiveEnvironmentSchema,
  SettingsPatchSchema,
  SettingsSchema,
  type Settings,
  type SettingsPatch,
} from '../../../shared/settings';
import type { DataNotice } from '../platform/set-aside';

/** Where settings live: electron-store in the Electron host, `conf` in the browser host. */
export interface SettingsBackend {
  read(): unknown;
  write(settings: Settings): void;
  /** The settings file was set aside while opening (truncated, not JSON). */
  readonly notices?: readonly DataNotice[];
  /** Settings of the wrong type were dropped: keeps a copy of the file as it was, and says so. */
  reportDropped?(dropped: readonly string[]): DataNotice | null;
}

export type SettingsListener = (next: Settings, previous: Settings) => void;

/**
 * The one owner of settings in the core: validates every change against the schema, saves it,
 * then tells the services so they apply it without restart.
 */
export class SettingsService {
  private current: Settings;
  private readonly listeners = new Set<SettingsListener>();
  /** What was dropped from the file while loading (wrong-typed settings), to tell the user. */
  readonly notices: DataNotice[] = [];

  constructor(private readonly backend: SettingsBackend) {
    const { settings, dropped } = loadSettings(backend.read() ?? {});
    this.current = settings;
    if (dropped.length > 0) {
      const notice = backend.reportDropped?.(dropped);
      if (notice) this.notices.push(notice);
      // The copy keeps what was there; the file now holds what is in use, so the next start is clean.
      backend.write(settings);
    }
  }

  get(): Settings {
    return this.current;
  }

  /** Merges a partial update section by section, validates, saves and notifies. */
  update(patch: SettingsPatch): Settings {
    const valid = SettingsPatchSchema.parse(patch);
    const merged: Record<string, unknown> = { ...this.current };
    for (const [section, values] of Object.entries(valid)) {
      merged[section] = { ...(this.current as Record<string, object>)[section], ...values };
    }
    const next = SettingsSchema.parse(merged);
    const previous = this.current;
    this.backend.write(next);
    this.current = next;
    for (const listener of this.listeners) listener(next, previous);
    return next;
  }

  onChange(listener: SettingsListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}

/**
 * A settings file from a newer or broken version must not stop the app, nor cost the user
 * more than the part that is wrong: each section that does not parse falls back to its
 * defaults, and a live environment that no longer passes (e.g. a plain-http address, refused
 * since secrets are bound to https origins) is dropped alone, not with the others.
 */
function loadSettings(raw: unknown): { settings: Settings; dropped: string[] } {
  const parsed = SettingsSchema.safeParse(raw);
  if (parsed.success) return { settings: parsed.data, dropped: [] };
  const dropped: string[] = [];
  const isObject = raw !== null && typeof raw === 'object' && !Array.isArray(raw);
  if (!isObject) dropped.push('the file is not a JSON object');
  const source = { ...(isObject ? raw : {}) } as Record<string, unknown>;
  const environments = source['environments'] as { live?: unknown } | undefined;
  if (environments && Array.isArray(environments.live)) {
    const kept = environments.live.filter((e) => LiveEnvironmentSchema.safeParse(e).success);
    if (kept.length < environments.live.length) dropped.push(`${environments.live.length - kept.length} live environment(s)`);
    source['environments'] = { ...environments, live: kept };
  }
  const salvaged: Record<string, unknown> = {};
  for (const [section, schema] of Object.entries(SettingsSchema.shape)) {
    const result = schema.safeParse(source[section]);
    if (result.success) salvaged[section] = result.data;
    else dropped.push(section);
  }
  return { settings: SettingsSchema.parse(salvaged), dropped };
}

/** Settings held in memory only (tests, throwaway runs). */
export function memorySettingsBackend(initial: unknown = {}): SettingsBackend {
  let value = initial;
  return { read: () => value, write: (s) => void (value = s) };
}
