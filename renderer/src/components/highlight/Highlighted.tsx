import { useMemo } from 'react';
import { highlightParts } from './highlight-parts';
import { neutraliseBidi } from '../../../../shared/text/bidi';

/** Text with the search's terms marked, as the detail shows results of a search. */
export function Highlighted({ text, search }: { text: string; search: string }) {
  // Sender text: bidi controls shown inert, so nothing reorders what is displayed around them.
  const parts = useMemo(() => highlightParts(neutraliseBidi(text), search), [text, search]);
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
