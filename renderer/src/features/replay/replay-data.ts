import { useCallback, useEffect, useState } from 'react';
import type { ReplayKey } from '../../../../shared/contract/replay-drafts';
import type { ReplayTarget } from '../../../../shared/contract/replay-targets';
import { transport, useEvent } from '../../transport';

/** Something loaded from the core, with its error and a way to load it again. */
export interface Loaded<T> {
  readonly value: T | null;
  readonly error: string | null;
  readonly reload: () => void;
}

function useLoaded<T>(load: () => Promise<T>): Loaded<T> {
  const [value, setValue] = useState<T | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [version, setVersion] = useState(0);
  useEffect(() => {
    let alive = true;
    load().then(
      (v) => {
        if (!alive) return;
        setValue(v);
        setError(null);
      },
      (e: Error) => {
        if (alive) setError(e.message);
      },
    );
    return () => {
      alive = false;
    };
    // `version` reruns the load; `load` is the caller's inline function.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- see above: `load` is new each render
  }, [version]);
  return { value, error, reload: useCallback(() => setVersion((v) => v + 1), []) };
}

/** The keys a draft can sign with (labels only), fresh after settings change. */
export function useReplayKeys(): Loaded<ReplayKey[]> {
  const keys = useLoaded(() => transport.call('replay.keys', {}).then((r) => r.keys));
  useEvent('settings.changed', keys.reload);
  return keys;
}

/** The targets replays may go to (listener forward targets, then Replay's own). */
export function useReplayTargets(): Loaded<ReplayTarget[]> {
  const targets = useLoaded(() => transport.call('replay.targets', {}).then((r) => r.targets));
  useEvent('settings.changed', targets.reload);
  return targets;
}
