import { useEffect, useState } from 'react';
import type { SettingsView } from '../../../shared/contract';
import { transport, useEvent } from '../transport';

/** Current settings (and which secrets are set), kept fresh by `settings.changed`. */
export function useSettingsView(): SettingsView | null {
  const [view, setView] = useState<SettingsView | null>(null);
  useEffect(() => {
    let alive = true;
    void transport.call('settings.get', {}).then((v) => alive && setView(v));
    return () => {
      alive = false;
    };
  }, []);
  useEvent('settings.changed', setView);
  return view;
}
