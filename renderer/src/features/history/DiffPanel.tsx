import { useEffect, useState } from 'react';
import type { DiffResult } from '../../../../shared/contract/history';
import { BodyDiff } from '../../components/diff/BodyDiff';
import { useTransport } from '../../transport';
import { useHistoryStore, type DiffRequest } from './history-store';

type Side = DiffRequest['left'];

function SidePicker({ side, onChange, testId, label }: { side: Side; onChange: (s: Side) => void; testId: string; label: string }) {
  return (
    <span className="row">
      <select value={side.kind} onChange={(e) => onChange({ ...side, kind: e.target.value as Side['kind'] })} data-testid={`${testId}-kind`} aria-label={`${label}: received or history`}>
        <option value="received">received</option>
        <option value="history">history</option>
      </select>
      <input type="number" value={side.id} onChange={(e) => onChange({ ...side, id: Number(e.target.value) })} style={{ width: 100 }} data-testid={`${testId}-id`} aria-label={`${label}: delivery id`} />
    </span>
  );
}

/** Picks two bodies (received or history) and compares them (see BodyDiff). */
export function DiffPanel() {
  const transport = useTransport();
  const requested = useHistoryStore((s) => s.diff);
  const [left, setLeft] = useState<Side>(requested?.left ?? { kind: 'received', id: 1 });
  const [right, setRight] = useState<Side>(requested?.right ?? { kind: 'history', id: 1 });
  const [result, setResult] = useState<DiffResult | null>(null);
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
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs once per request from a link; `compare` is a new function each render
  }, [requested]);
  return (
    <div data-testid="history-diff">
      <div className="row" style={{ marginBottom: 8 }}>
        <SidePicker side={left} onChange={setLeft} testId="diff-left" label="Left side" />
        <span>vs</span>
        <SidePicker side={right} onChange={setRight} testId="diff-right" label="Right side" />
        <button type="button" className="button button--primary" onClick={() => void compare(left, right)} data-testid="diff-run">
          Compare
        </button>
      </div>
      {error && <p className="notice notice--error">{error}</p>}
      {result && <BodyDiff result={result} viewTestId="history-diff-view" />}
    </div>
  );
}
