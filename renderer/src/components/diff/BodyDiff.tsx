import { useState, type ReactNode } from 'react';
import { plural } from '../../../../shared/text/plural';
import type { DiffResult } from '../../../../shared/contract/history';
import { DiffView } from '../monaco';

const VERDICT_TEXT: Record<DiffResult['verdict'], string> = {
  identical: 'Byte-identical: the same bytes, so the same signature.',
  'whitespace-only': 'Differs only in whitespace: same JSON, but the bytes (and so the signature) differ.',
  differs: 'Differs: the content is not the same.',
};

/**
 * Two bodies compared: the byte-exact verdict first (what a signature sees), the JSON changes,
 * then Monaco's diff with keys sorted (or of the raw bytes as stored). Used by History's diff
 * and Replay's diff of two handler answers.
 */
export function BodyDiff({ result, viewTestId, extra }: { result: DiffResult; viewTestId: string; extra?: ReactNode }) {
  const [raw, setRaw] = useState(false);
  return (
    <>
      <p className={`notice${result.verdict === 'identical' ? '' : ' notice--warn'}`} data-testid="diff-verdict" data-verdict={result.verdict}>
        {VERDICT_TEXT[result.verdict]}
        {result.verdict !== 'identical' && result.changes.length > 0 && ` ${plural(result.changes.length, 'JSON change')}.`}
        {extra}
      </p>
      {result.changes.length > 0 && (
        <ul className="mono muted" data-testid="diff-changes">
          {result.changes.slice(0, 20).map((c) => (
            <li key={c.path}>
              {c.kind} {c.path}
              {c.kind === 'changed' && `: ${JSON.stringify(c.left)} → ${JSON.stringify(c.right)}`}
            </li>
          ))}
        </ul>
      )}
      <label className="row">
        <input type="checkbox" checked={raw} onChange={(e) => setRaw(e.target.checked)} data-testid="diff-raw" /> raw bytes as stored
      </label>
      <DiffView
        original={raw ? result.left.raw : result.left.canonical}
        modified={raw ? result.right.raw : result.right.canonical}
        originalLabel={result.left.label}
        modifiedLabel={result.right.label}
        language={result.left.json && result.right.json ? 'json' : 'plaintext'}
        testId={viewTestId}
      />
    </>
  );
}
