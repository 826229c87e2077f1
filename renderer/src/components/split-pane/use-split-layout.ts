import { useCallback, useState } from 'react';
import { clampFraction, readSplitLayout, type SplitLayout } from './split-layout';

/** A split layout remembered in localStorage under `hooklab.split.<key>` (survives reloads and restarts). */
export function useSplitLayout(key: string, fallback: SplitLayout) {
  const storageKey = `hooklab.split.${key}`;
  const [layout, setLayout] = useState<SplitLayout>(() => readSplitLayout(window.localStorage.getItem(storageKey), fallback));
  const update = useCallback(
    (patch: Partial<SplitLayout>) =>
      setLayout((old) => {
        const next = { ...old, ...patch, fraction: clampFraction(patch.fraction ?? old.fraction) };
        window.localStorage.setItem(storageKey, JSON.stringify(next));
        return next;
      }),
    [storageKey],
  );
  return { layout, update };
}
