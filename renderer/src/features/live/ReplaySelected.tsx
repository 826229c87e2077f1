import { useEffect, useState } from 'react';
import type { ReplayTarget } from '../../../../shared/contract/replay-targets';
import { JobProgress } from '../../components/JobProgress';
import { transport } from '../../transport';

/**
 * Live → "Replay selected": the checked deliveries replayed in order to one target (each
 * re-signed, kept in Replay history) as a job with a concurrency and a rate.
 */
export function ReplaySelected({ ids, onClose }: { ids: readonly number[]; onClose: () => void }) {
  const [targets, setTargets] = useState<ReplayTarget[]>([]);
  const [targetUrl, setTargetUrl] = useState('');
  const [rate, setRate] = useState('5');
  const [concurrency, setConcurrency] = useState('1');
  const [jobId, setJobId] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    void transport.call('replay.targets', {}).then(({ targets: list }) => {
      const allowed = list.filter((t) => t.refusal === null);
      setTargets(allowed);
      setTargetUrl((url) => url || (allowed[0]?.url ?? ''));
    });
  }, []);
  const run = async () => {
    setError(null);
    try {
      const ratePerSecond = Number(rate);
      const started = await transport.call('replay.sendSelected', {
        ids: [...ids].sort((a, b) => a - b),
        targetUrl,
        concurrency: Math.max(1, Math.min(16, Math.round(Number(concurrency)) || 1)),
        ...(ratePerSecond > 0 ? { ratePerSecond } : {}),
      });
      setJobId(started.jobId);
    } catch (e) {
      setError((e as Error).message);
    }
  };
  return (
    <div className="card" data-testid="replay-selected">
      <h2 className="card__title">Replay {ids.length} selected, oldest first</h2>
      <div className="row">
        <label className="row">
          <span className="muted">to</span>
          <select value={targetUrl} onChange={(e) => setTargetUrl(e.target.value)} data-testid="replay-selected-target">
            {targets.length === 0 && <option value="">no target: add one in Replay or Settings</option>}
            {targets.map((t) => (
              <option key={t.url} value={t.url}>
                {t.label ? `${t.label} (${t.url})` : t.url}
              </option>
            ))}
          </select>
        </label>
        <label className="row">
          <span className="muted">at most</span>
          <input size={4} inputMode="decimal" value={rate} onChange={(e) => setRate(e.target.value)} data-testid="replay-selected-rate" />
          <span className="muted">per second,</span>
          <input size={2} inputMode="numeric" value={concurrency} onChange={(e) => setConcurrency(e.target.value)} data-testid="replay-selected-concurrency" />
          <span className="muted">at once</span>
        </label>
        <button type="button" className="button button--primary" disabled={!targetUrl || ids.length === 0} onClick={() => void run()} data-testid="replay-selected-run">
          Replay
        </button>
        <button type="button" className="button" onClick={onClose}>
          Close
        </button>
      </div>
      {error && <p className="notice notice--error">{error}</p>}
      {jobId && <JobProgress jobId={jobId} title={`Replay of ${ids.length} deliveries`} />}
    </div>
  );
}
