import { useEffect, useState } from 'react';
import type { DiffResult } from '../../../../shared/contract/history';
import { DiffView } from '../../components/monaco';
import { useTransport } from '../../transport';
import { useHistoryStore, type DiffRequest } from './history-store';
import { plural } from '../../../../shared/text/plural';

const VERDICT_TEXT: Record<DiffResult['verdict'], string> = {
  identical: 'Byte-identical: the same bytes, so the same signature.',
  'whitespace-only': 'Differs only in whitespace: same JSON, but the bytes (and so the signature) differ.',
  differs: 'Differs: the content is not the same.',
};

type Side = DiffRequest['left'];

function SidePicker({ side, onChange, testId }: { side: Side; onChange: (s: Side) => void; testId: string }) {
  return (
    <span className="row">
      <select value={side.kind} onChange={(e) => onChange({ ...side, kind: e.target.value as Side['kind'] })} data-testid={`${testId}-kind`}>
        <option value="received">received</option>
        <option value="history">history</option>
      </select>
      <input type="number" value={side.id} onChange={(e) => onChange({ ...side, id: Number(e.target.value) })} style={{ width: 100 }} data-testid={`${testId}-id`} />
    </span>
  );
}

/**
 * Byte-exact verdict first, then Monaco's diff of the two bodies with keys sorted (JSON-aware),
 * or of the raw bytes as stored.
 */
export function DiffPanel() {
  const transport = useTransport();
  const requested = useHistoryStore((s) => s.diff);
  const [left, setLeft] = useState<Side>(requested?.left ?? { kind: 'received', id: 1 });
  const [right, setRight] = useState<Side>(requested?.right ?? { kind: 'history', id: 1 });
  const [result, setResult] = useState<DiffResult | null>(null);
  const [raw, setRaw] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const compare = (l: Side, r: Side) =>
    transport.call('history.diff', { left: l, right: r }).then(
      (d) => {
        setResult(d);
        setError(null);
      },
      (e: Error) => {
        setResult(null);
        setError(e.message);
      },
    );
  useEffect(() => {
    if (!requested) return;
    setLeft(requested.left);
    setRight(requested.right);
    void compare(requested.left, requested.right);
  }, [requested]);
  return (
    <div data-testid="history-diff">
      <div className="row" style={{ marginBottom: 8 }}>
        <SidePicker side={left} onChange={setLeft} testId="diff-left" />
        <span>vs</span>
        <SidePicker side={right} onChange={setRight} testId="diff-right" />
        <button type="button" className="button button--primary" onClick={() => void compare(left, right)} data-testid="diff-run">
          Compare
        </button>
        <label className="row">
          <input type="checkbox" checked={raw} onChange={(e) => setRaw(e.target.checked)} data-testid="diff-raw" /> raw bytes as stored
        </label>
      </div>
      {error && <p className="notice notice--error">{error}</p>}
      {result && (
        <>
          <p
            className={`notice${result.verdict === 'identical' ? '' : ' notice--warn'}`}
            data-testid="diff-verdict"
            data-verdict={result.verdict}
          >
            {VERDICT_TEXT[result.verdict]}
            {result.verdict !== 'identical' && result.changes.length > 0 && ` ${plural(result.changes.length, 'JSON change')}.`}
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
          <DiffView
            original={raw ? result.left.raw : result.left.canonical}
            modified={raw ? result.right.raw : result.right.canonical}
            originalLabel={result.left.label}
            modifiedLabel={result.right.label}
            language={result.left.json && result.right.json ? 'json' : 'plaintext'}
            testId="history-diff-view"
          />
        </>
      )}
    </div>
  );
}
