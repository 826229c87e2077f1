import { create } from 'zustand';
import type { SettingsView } from '../../../shared/contract';
import type { Transport } from '../transport/transport';

export interface SettingsViewState {
  /** Current settings (and which secrets are set); null until read. */
  readonly view: SettingsView | null;
}

/** The settings as the UI shows them, over a transport: `settings.get` once, then every `settings.changed`. */
export function createSettingsViewStore(transport: Transport) {
  const use = create<SettingsViewState>(() => ({ view: null }));
  const { getState, setState } = use;

  /**
   * Reads the settings and takes every change after; an answer to the read that comes after a
   * change (or after unfollowing) is dropped, as older. Returns the function that stops following.
   */
  function follow(): () => void {
    let following = true;
    let changed = false;
    const stop = transport.subscribe('settings.changed', (view) => {
      changed = true;
      setState({ view });
    });
    void transport.call('settings.get', {}).then(
      (view) => {
        if (following && !changed) setState({ view });
      },
      // Nothing to show rather than a wrong thing: the forms wait for the next change.
      () => undefined,
    );
    return () => {
      following = false;
      stop();
    };
  }

  return { use, getState, follow };
}

export type SettingsViewStore = ReturnType<typeof createSettingsViewStore>;
