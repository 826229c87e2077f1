import { useEffect, useState } from 'react';
import type { SandboxChaos } from '../../../../shared/contract/sandbox';
import { useTransport } from '../../transport';
import { useSandbox } from './sandbox-store';

const RATE_FIELDS = [
  ['duplicateRate', 'Duplicates', 'Share of deliveries sent twice (same event id).'],
  ['unloggedRate', 'Unlogged', 'Share sent without id headers and missing from history.'],
] as const;
const DELAY_FIELDS = [
  ['reorderWindowMs', 'Reorder window (ms)', 'Each delivery waits a random time up to this, so events overtake each other (a scenario\'s too).'],
  ['slowResponsesMs', 'Slow API (ms)', 'Added to every service API answer.'],
] as const;

/** Fault injection of the sandbox store: the ways the real service misbehaves, on demand. */
export function ChaosCard({ chaos }: { chaos: SandboxChaos }) {
  const sandbox = useSandbox();
  const transport = useTransport();
  const [draft, setDraft] = useState(chaos);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => setDraft(chaos), [chaos]);
  const apply = (patch: Partial<SandboxChaos> & { reset?: boolean }) =>
    transport.call('sandbox.setChaos', patch).then(
      (next) => {
        setError(null);
        sandbox.use.setState((s) => ({ info: s.info ? { ...s.info, chaos: next } : s.info }));
      },
      (e: Error) => setError(e.message),
    );
  const active = Object.entries(chaos).some(([, v]) => v !== 0 && v !== false);
  return (
    <div className="card" data-testid="sandbox-chaos" data-active={active}>
      <h2 className="card__title">
        Chaos {active ? <span className="badge badge--error">on</span> : <span className="badge">off</span>}
      </h2>
      <div className="chaos-grid">
        {RATE_FIELDS.map(([key, label, help]) => (
          <label key={key} className="field" title={help}>
            <span>{label} (%)</span>
            <input
              type="number"
              min={0}
              max={100}
              step={1}
              value={Math.round(draft[key] * 100)}
              data-testid={`chaos-${key}`}
              onChange={(e) => setDraft({ ...draft, [key]: Math.min(100, Math.max(0, Number(e.target.value))) / 100 })}
            />
          </label>
        ))}
        {DELAY_FIELDS.map(([key, label, help]) => (
          <label key={key} className="field" title={help}>
            <span>{label}</span>
            <input
              type="number"
              min={0}
              max={60000}
              step={100}
              value={draft[key]}
              data-testid={`chaos-${key}`}
              onChange={(e) => setDraft({ ...draft, [key]: Math.min(60000, Math.max(0, Math.trunc(Number(e.target.value)))) })}
            />
          </label>
        ))}
        <label className="row" title="Every resend answers 500 'could not be logged' after sending.">
          <input
            type="checkbox"
            checked={draft.failResendLogging}
            data-testid="chaos-failResendLogging"
            onChange={(e) => setDraft({ ...draft, failResendLogging: e.target.checked })}
          />
          <span>Resends fail to log</span>
        </label>
      </div>
      <div className="row">
        <button type="button" className="button button--primary" onClick={() => void apply(draft)} data-testid="chaos-apply">
          Apply
        </button>
        <button type="button" className="button" onClick={() => void apply({ reset: true })} data-testid="chaos-reset">
          No chaos
        </button>
      </div>
      {error && <p className="notice notice--error">{error}</p>}
    </div>
  );
}
