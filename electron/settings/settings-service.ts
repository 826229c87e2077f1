import {
  SettingsPatchSchema,
  SettingsSchema,
  type Settings,
  type SettingsPatch,
} from '../../shared/settings';

/** Where settings live: electron-store in the Electron host, `conf` in the browser host. */
export interface SettingsBackend {
  read(): unknown;
  write(settings: Settings): void;
}

export type SettingsListener = (next: Settings, previous: Settings) => void;

/**
 * The one owner of settings in the core: validates every change against the schema, saves it,
 * then tells the services so they apply it without restart.
 */
export class SettingsService {
  private current: Settings;
  private readonly listeners = new Set<SettingsListener>();

  constructor(private readonly backend: SettingsBackend) {
    const parsed = SettingsSchema.safeParse(backend.read() ?? {});
    // A settings file from a newer or broken version must not stop the app: start from defaults.
    this.current = parsed.success ? parsed.data : SettingsSchema.parse({});
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

/** Settings held in memory only (tests, throwaway runs). */
export function memorySettingsBackend(initial: unknown = {}): SettingsBackend {
  let value = initial;
  return { read: () => value, write: (s) => void (value = s) };
}
