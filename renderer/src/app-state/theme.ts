import { useSyncExternalStore } from 'react';

/** The user's choice: follow the system, or always light or dark. */
export type ThemePreference = 'system' | 'light' | 'dark';

const KEY = 'hooklab.theme';
const DARK_QUERY = '(prefers-color-scheme: dark)';
const listeners = new Set<() => void>();

/** The stored preference (system when none or unknown). */
export function themePreference(): ThemePreference {
  const value = window.localStorage.getItem(KEY);
  return value === 'light' || value === 'dark' ? value : 'system';
}

/** Whether the UI is dark now: the preference, or the system's when it follows the system. */
export function isDark(): boolean {
  const preference = themePreference();
  return preference === 'system' ? window.matchMedia(DARK_QUERY).matches : preference === 'dark';
}

/** Sets `data-theme="dark|light"` on <html> (app.css picks the palette from it). */
function applyTheme(): void {
  document.documentElement.dataset.theme = isDark() ? 'dark' : 'light';
}

/**
 * Applies the theme, and keeps it in step with the system's preference while the user follows
 * the system: called once, by the page's entry (main.tsx).
 */
export function followTheme(): void {
  applyTheme();
  window.matchMedia(DARK_QUERY).addEventListener('change', applyTheme);
}

/** Saves the preference (this machine) and applies it at once. */
export function setThemePreference(preference: ThemePreference): void {
  if (preference === 'system') window.localStorage.removeItem(KEY);
  else window.localStorage.setItem(KEY, preference);
  applyTheme();
  for (const l of listeners) l();
}

function subscribe(onChange: () => void): () => void {
  const media = window.matchMedia(DARK_QUERY);
  listeners.add(onChange);
  media.addEventListener('change', onChange);
  return () => {
    listeners.delete(onChange);
    media.removeEventListener('change', onChange);
  };
}

/** The preference, re-rendering when it changes. */
export function useThemePreference(): ThemePreference {
  return useSyncExternalStore(subscribe, themePreference);
}

/** Whether the UI is dark, re-rendering when the preference or the system changes. */
export function useIsDark(): boolean {
  return useSyncExternalStore(subscribe, isDark);
}
