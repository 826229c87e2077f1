import { useEffect } from 'react';

/** True while the user types somewhere (an input, a textarea, an editor): keys are theirs. */
function typing(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  if (!el) return false;
  return el.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(el.tagName) || el.closest('.monaco-editor') !== null;
}

/** Live's page keys: `/` focuses the search, Escape closes the detail (or leaves the search). */
export function useLiveKeys(actions: { focusSearch: () => void; closeDetail: () => void }): void {
  const { focusSearch, closeDetail } = actions;
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || e.ctrlKey || e.metaKey || e.altKey) return;
      if (e.key === '/' && !typing(e.target)) {
        e.preventDefault();
        focusSearch();
      } else if (e.key === 'Escape') {
        if (typing(e.target)) (e.target as HTMLElement).blur();
        else closeDetail();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [focusSearch, closeDetail]);
}
