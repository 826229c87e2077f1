import { useState, type FormEvent } from 'react';
import type { FuzzSearchReport } from '../../../../../shared/contract/flows';
import { scenarioFileText } from '../../../../../shared/scenario/scenario-file';
import { JobProgress } from '../../../components/JobProgress';
import { RegressionTestButton } from '../../../components/RegressionTestButton';
import { newJobId } from '../../../app-state/page-jobs';
import { download } from '../../../lib/download';
import { useTransport } from '../../../transport';
import type { OpenedScenario } from './scenario-files';
import { TextField } from './TextField';
import { expectLines, minimalFileName, replayCommand, searchFailingOrder } from './failing-order-search';

type Failed = Extract<FuzzSearchReport, { outcome: 'failed' }>;

const ARRIVAL = { first: 'arrived', retry: 'retried (same event id)', resend: 'lost, resent from the history' } as const;

/**
 * Search for a failing order: `hooklab scenario fuzz` in the app. Variations of the order's
 * events (another order, retries, a resend, pauses) go to your handler as a job until its state
 * is wrong; the failure is shrunk to the few arrivals that cause it, shown as a timeline.
 */
export function FailingOrderSearch({ orderId, scenario, targetUrl, stateUrl }: { orderId: string; scenario: OpenedScenario | null; targetUrl: string; stateUrl: string }) {
  const transport = useTransport();
  const [form, setForm] = useState({ expect: '', runs: '300', seed: '1' });
  const [jobId, setJobId] = useState<string | null>(null);
  const [report, setReport] = useState<FuzzSearchReport | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const expect = expectLines(form.expect);
  const blocked =
    orderId === '' && !scenario ? 'Type the order id first' : targetUrl === '' ? 'Give your handler above' : stateUrl === '' ? 'Give its state URL above' : expect.length === 0 ? 'Write what its state must hold' : null;

  async function search(e: FormEvent): Promise<void> {
    e.preventDefault();
    const id = newJobId('fuzz');
    setBusy(true);
    setError(null);
    setReport(null);
    setJobId(id);
    try {
      const runs = Math.min(10_000, Math.max(1, Number.parseInt(form.runs, 10) || 300));
      setReport(await searchFailingOrder(transport, { orderId, scenario: scenario?.file ?? null, targetUrl, stateUrl, expect, runs, seed: Math.max(0, Number.parseInt(form.seed, 10) || 0), jobId: id }));
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="fuzz-search" data-testid="fuzz-search">
      <h3>Search for a failing order</h3>
      <p className="muted">
        Sends variations of the events the service may really deliver (another order, retries with the same event id, an event
        lost and resent from the history, pauses), each under a fresh order id, until your handler&apos;s state is not what you
        expect. The failure is then cut down to the few arrivals that cause it.
      </p>
      <form className="flow-form" onSubmit={(e) => void search(e)}>
        <label className="field flow-form__wide">
          <span>What its state must hold after the order&apos;s events (PATH=VALUE, one a line)</span>
          <textarea
            rows={2}
            value={form.expect}
            onChange={(e) => setForm({ ...form, expect: e.target.value })}
            placeholder={'orders.{orderId}.shipping=DELIVERED\norders.{orderId}.payments=1'}
            data-testid="fuzz-expect"
          />
        </label>
        <TextField label="Runs" value={form.runs} onChange={(runs) => setForm({ ...form, runs })} inputMode="numeric" testId="fuzz-runs" />
        <TextField label="Seed" value={form.seed} onChange={(seed) => setForm({ ...form, seed })} inputMode="numeric" testId="fuzz-seed" />
        <div className="row flow-form__wide">
          <button type="submit" className="button button--primary" disabled={busy || blocked !== null} title={blocked ?? undefined} data-testid="fuzz-run">
            Search for a failing order
          </button>
        </div>
      </form>
      {jobId && <JobProgress jobId={jobId} title="Search for a failing order: runs" />}
      {error && <p className="notice notice--error">{error}</p>}
      {report?.outcome === 'passed' && (
        <p className="notice notice--ok" data-testid="fuzz-passed">
          No failure in {report.runs} runs from seed {report.seed}
          {report.stopped === 'time' ? ' (the time limit stopped the search)' : report.stopped === 'cancelled' ? ' (cancelled)' : ''}.
        </p>
      )}
      {report?.outcome === 'failed' && <FoundFailure report={report} targetUrl={targetUrl} stateUrl={stateUrl} />}
    </section>
  );
}

/** The minimal failing sequence on a timeline, what was expected against the state, and how to keep it. */
function FoundFailure({ report, targetUrl, stateUrl }: { report: Failed; targetUrl: string; stateUrl: string }) {
  const fileName = minimalFileName(report.scenario);
  return (
    <div className="fuzz-found" data-testid="fuzz-found">
      <p className="notice notice--error">
        {report.run === 0 ? 'The recorded order already fails:' : `Run ${report.run} of seed ${report.seed} broke your handler's state:`}
        {report.failures.map((f) => (
          <span key={f} className="fuzz-line mono">
            {f}
          </span>
        ))}
      </p>
      <h4>
        Minimal sequence: {report.minimal.length} of the {report.foundLength} arrivals{report.complete ? '' : ' (shrinking cut short)'}
      </h4>
      <div className="seq-timeline fuzz-timeline" role="table" aria-label="The minimal failing sequence" data-testid="fuzz-timeline">
        <div className="seq-tl-row seq-tl-row--head" role="row">
          <span role="columnheader">arrived #</span>
          <span role="columnheader">Event</span>
          <span role="columnheader">Event id</span>
          <span role="columnheader">How</span>
        </div>
        {report.minimal.map((a) => (
          <div key={a.position} className="seq-tl-row" role="row" data-testid="fuzz-arrival" data-type={a.eventType ?? ''}>
            <span role="cell" className="mono">
              {a.position}
            </span>
            <span role="cell">{a.label}</span>
            <span role="cell" className="mono">
              {a.eventId ?? 'none'}
            </span>
            <span role="cell">{ARRIVAL[a.kind]}</span>
          </div>
        ))}
      </div>
      <p>Expected (the same events in recorded order) against what your handler&apos;s state said:</p>
      <ul data-testid="fuzz-differences">
        {report.differences.map((d) => (
          <li key={d} className="mono">
            {d}
          </li>
        ))}
      </ul>
      <div className="row">
        <button type="button" className="button" onClick={() => download(scenarioFileText(report.scenario), fileName)} data-testid="fuzz-save-scenario">
          Save as scenario file
        </button>
      </div>
      <RegressionTestButton scenario={report.scenario} expect={report.expect} expectState={stateUrl} testIdPrefix="fuzz" />
      <p className="muted">
        Replay it after saving: <code data-testid="fuzz-command">{replayCommand(report, fileName, targetUrl, stateUrl)}</code>
      </p>
    </div>
  );
}
