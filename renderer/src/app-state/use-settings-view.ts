import { useEffect, useState } from 'react';
import type { SettingsView } from '../../../shared/contract';
import { useTransport } from '../transport/use-transport';
import { createSettingsViewStore } from './create-settings-view-store';

/**
 * Current settings (and which secrets are set), kept fresh by `settings.changed`. Each component
 * reads them afresh when it mounts (null until then), as a form starts from what is saved now.
 */
export function useSettingsView(): SettingsView | null {
  const transport = useTransport();
  const [store] = useState(() => createSettingsViewStore(transport));
  useEffect(() => store.follow(), [store]);
  return store.use((s) => s.view);
}
