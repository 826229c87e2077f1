import { useMemo } from 'react';
import { highlightParts } from './highlight-parts';

/** Text with the search's terms marked, as the detail shows results of a search. */
export function Highlighted({ text, search }: { text: string; search: string }) {
  const parts = useMemo(() => highlightParts(text, search), [text, search]);
  return (
    <>
      {parts.map((p, i) =>
        p.match ? (
          <mark key={i} className="search-mark" data-testid="search-mark">
            {p.text}
          </mark>
        ) : (
          p.text
        ),
      )}
    </>
  );
}
