import { isDeepStrictEqual } from 'node:util';
import { SettingsSchema, type SecretName, type Settings } from '../../../shared/settings';
import type { SecretStore } from '../secrets/secret-store';
import type { SettingsBackend } from './settings-service';

type Sections = Record<string, Record<string, unknown>>;

/**
 * Settings and secrets that a command line changes for one run only: `npm start -- --listener-port
 * 5000` listens on 5000 now and leaves the saved port alone (saved only with `--save`, never
 * silently). Wraps the real backend and secret store; the core sees the run's values, the files
 * keep the user's. A field the user then changes in the UI during the run is saved as usual.
 */
export interface RunOverrides {
  readonly backend: SettingsBackend;
  readonly secrets: SecretStore;
  /** Runs `apply`; every settings field and secret it changes holds for this run only. */
  runOnly<T>(apply: () => T): T;
}

export function createRunOverrides(saved: SettingsBackend, savedSecrets: SecretStore): RunOverrides {
  let stored = asSections(saved.read());
  /** `section.field` -> the run's value. */
  const overrides = new Map<string, { section: string; field: string; value: unknown }>();
  const runSecrets = new Map<SecretName, string>();
  let recording = false;

  const effective = (): Sections => {
    const view: Sections = {};
    for (const [section, fields] of Object.entries(stored)) view[section] = { ...fields };
    for (const { section, field, value } of overrides.values()) view[section] = { ...view[section], [field]: value };
    return view;
  };

  const backend: SettingsBackend = {
    // The wrapped file's notices (settings.json set aside) are the run's too.
    notices: saved.notices,
    ...(saved.reportDropped ? { reportDropped: saved.reportDropped.bind(saved) } : {}),
    read: () => effective(),
    write(next: Settings) {
      const sections = next as unknown as Sections;
      if (recording) {
        // What the command line changed, compared with what the core had (defaults filled in):
        // run-only from now on.
        const parsed = SettingsSchema.safeParse(effective());
        const before = parsed.success ? (parsed.data as unknown as Sections) : effective();
        for (const [section, fields] of Object.entries(sections)) {
          for (const [field, value] of Object.entries(fields)) {
            if (!isDeepStrictEqual(before[section]?.[field], value)) overrides.set(`${section}.${field}`, { section, field, value });
          }
        }
      }
      const toSave: Sections = {};
      for (const [section, fields] of Object.entries(sections)) toSave[section] = { ...fields };
      for (const [key, override] of overrides) {
        const { section, field, value } = override;
        const target = toSave[section];
        if (!target) continue;
        const kept = stored[section]?.[field];
        if (isDeepStrictEqual(target[field], value)) {
          // Still the run's value: the file keeps what the user saved (or nothing: the default).
          if (kept === undefined) delete target[field];
          else target[field] = kept;
        } else if (isKeyedList(value) && isKeyedList(target[field])) {
          // A list of keyed items (webhook keys, environments) that also changed otherwise (the
          // sandbox adding its key, the user adding one): saved without the items the run added.
          const savedIds = new Set((isKeyedList(kept) ? kept : []).map((item) => item.id));
          const runIds = new Set(value.filter((item) => !savedIds.has(item.id)).map((item) => item.id));
          override.value = target[field];
          target[field] = (target[field] as KeyedItem[]).filter((item) => !runIds.has(item.id));
        } else {
          // Changed in the UI during the run: that is the user's choice, saved like any other.
          overrides.delete(key);
        }
      }
      saved.write(toSave as unknown as Settings);
      stored = toSave;
    },
  };

  // The saved store tells its own listeners about its changes; a run-only value tells these.
  const runListeners = new Set<() => void>();
  const secrets: SecretStore = {
    get: (name) => runSecrets.get(name) ?? savedSecrets.get(name),
    set(name, value) {
      if (recording) {
        runSecrets.set(name, value);
        for (const listener of runListeners) listener();
      } else {
        runSecrets.delete(name);
        savedSecrets.set(name, value);
      }
    },
    delete(name) {
      runSecrets.delete(name);
      savedSecrets.delete(name);
    },
    names: () => [...new Set([...savedSecrets.names(), ...runSecrets.keys()])],
    unreadable: () => savedSecrets.unreadable().filter((u) => !runSecrets.has(u.name)),
    get notices() {
      return savedSecrets.notices;
    },
    onChange(listener) {
      runListeners.add(listener);
      const off = savedSecrets.onChange(listener);
      return () => {
        runListeners.delete(listener);
        off();
      };
    },
    get warning() {
      return savedSecrets.warning;
    },
  };

  return {
    backend,
    secrets,
    runOnly(apply) {
      recording = true;
      try {
        return apply();
      } finally {
        recording = false;
      }
    },
  };
}

type KeyedItem = { id: string };

function isKeyedList(value: unknown): value is KeyedItem[] {
  return Array.isArray(value) && value.every((item) => item !== null && typeof item === 'object' && typeof (item as KeyedItem).id === 'string');
}

function asSections(raw: unknown): Sections {
  if (raw === null || typeof raw !== 'object') return {};
  const out: Sections = {};
  for (const [section, fields] of Object.entries(raw as Record<string, unknown>)) {
    if (fields !== null && typeof fields === 'object' && !Array.isArray(fields)) out[section] = { ...(fields as Record<string, unknown>) };
  }
  return out;
}
