import { useEffect } from 'react';
import { JobProgress } from '../../components/JobProgress';
import type { CheckEvidence, CheckResult } from '../../../../shared/contract/replay-checks';
import { plural } from '../../../../shared/text/plural';
import { HeaderTable } from '../../components/HeaderTable';
import { KeyPicker } from './KeyPicker';
import { useCheck, useCheckStore } from './check-store';
import { useReplayKeys, useReplayTargets } from './replay-data';
import { is2xx } from '../../../../shared/http/status';
import { TraceWaterfall } from '../../components/trace/TraceWaterfall';
import { Bytes } from '../../components/ui';
import { failuresFirst } from './failures-first';

function Evidence({ e }: { e: CheckEvidence }) {
  return (
    <div className="replay-evidence" data-testid="check-evidence">
      <div className="row">
        <strong>{e.label}</strong>
        <span className="mono">
          {e.method} {e.url}
        </span>
        <span className={is2xx(e.status) ? 'badge badge--ok' : 'badge badge--error'}>{e.status ?? 'no answer'}</span>
        {e.latencyMs !== null && <span className="muted">{Math.round(e.latencyMs)} ms</span>}
        {e.error && <span className="notice notice--error">{e.error}</span>}
      </div>
      <details>
        <summary>
          Request: {e.requestHeaders.length} headers, <Bytes bytes={e.requestBodySize} />
        </summary>
        <HeaderTable headers={e.requestHeaders} />
        <pre className="replay-pre replay-pre--small">{e.requestBodyExcerpt}</pre>
      </details>
      {e.responseBodyExcerpt && <pre className="replay-pre replay-pre--small">{e.responseBodyExcerpt}</pre>}
    </div>
  );
}

function CheckRow({ check }: { check: CheckResult }) {
  return (
    <li className={`replay-check replay-check--${check.passed ? 'pass' : 'fail'}`} data-testid={`check-${check.id}`} data-passed={check.passed}>
      <div className="row">
        <span className={check.passed ? 'badge badge--ok' : 'badge badge--error'} data-testid="check-verdict">
          {check.passed ? 'pass' : 'fail'}
        </span>
        <strong>{check.title}</strong>
        <code className="muted">{check.id}</code>
        {check.status !== null && <span className="muted">status {check.status}</span>}
        {check.latencyMs !== null && <span className="muted">{Math.round(check.latencyMs)} ms</span>}
      </div>
      <p className="replay-check__message" data-testid="check-message">
        {check.message}
      </p>
      {check.warning && <p className="notice notice--warn">{check.warning}</p>}
      {check.fix && (
        <p className="notice notice--error" data-testid="check-fix">
          <strong>Fix:</strong> {check.fix}
        </p>
      )}
      {check.evidence.length > 0 && (
        <details>
          <summary>Evidence ({plural(check.evidence.length, 'request')})</summary>
          {check.evidence.map((e, i) => (
            <Evidence key={i} e={e} />
          ))}
        </details>
      )}
      {check.traceId !== null && check.status !== null && (
        <details open={!check.passed} data-testid="check-trace">
          <summary>What the handler did (trace)</summary>
          <TraceWaterfall traceId={check.traceId} />
        </details>
      )}
    </li>
  );
}

/**
 * The handler check: one click runs the suite against a URL (signature checks, duplicates,
 * unknown types, out of order, 1 MB, timeliness) and shows each verdict with its evidence
 * and, on failure, what to fix. The same suite runs in the user's CI as `npx --no-install hooklab check-handler`
 * (their project has the package, not Hooklab's own npm scripts).
 */
export function HandlerCheckView() {
  const check = useCheck();
  const { prefillCheckUrl, runHandlerCheck } = check;
  const s = useCheckStore();
  useEffect(prefillCheckUrl, [prefillCheckUrl]);
  const keys = useReplayKeys();
  const targets = useReplayTargets();
  const checks = s.report?.checks ?? s.done;
  const passed = checks.filter((c) => c.passed).length;
  return (
    <div className="replay-check-view" data-testid="replay-check">
      <section className="card">
        <h2 className="card__title">Check a handler</h2>
        <p className="muted">
          Sends your handler what the service can send: valid and forged signatures, duplicates, unknown types, events out of order, a 1 MB event. Each check says what it
          saw and what to fix. Every request also carries a <code>traceparent</code> header (for the handler&apos;s spans): a handler must ignore headers it does not know. In CI: <code data-testid="check-ci-command">npx --no-install hooklab check-handler URL</code>.
        </p>
        <form
          className="row"
          onSubmit={(e) => {
            e.preventDefault();
            void runHandlerCheck();
          }}
        >
          <input
            className="replay-check__url"
            aria-label="Handler URL"
            list="replay-check-targets"
            placeholder="http://127.0.0.1:3000/webhooks"
            value={s.url}
            onChange={(e) => check.use.setState({ url: e.target.value })}
            data-testid="check-url"
          />
          <datalist id="replay-check-targets">
            {targets.value?.map((t) => <option key={`${t.source}:${t.url}`} value={t.url} />)}
          </datalist>
          <button type="submit" className="button button--primary" disabled={s.running || s.url.trim() === ''} data-testid="check-run">
            {s.running ? 'Checking…' : 'Run the check'}
          </button>
        </form>
        <KeyPicker value={s.key} onChange={(key) => check.use.setState({ key })} keys={keys} testId="check-key" />
      </section>
      {s.running && s.jobId && (
        <div data-testid="check-progress">
          <JobProgress jobId={s.jobId} title="Handler check" />
        </div>
      )}
      {s.error && (
        <p className="notice notice--error" data-testid="check-error">
          {s.error}
        </p>
      )}
      {s.report?.unreachable && (
        <p className="notice notice--error" data-testid="check-unreachable">
          The handler could not be reached, so no check was judged: {s.report.unreachable}
        </p>
      )}
      {s.report && !s.report.unreachable && (
        <p className={`notice${s.report.passed ? '' : ' notice--error'}`} data-testid="check-summary" data-passed={s.report.passed}>
          {s.report.passed ? 'Every check passed' : `${checks.length - passed} of ${checks.length} checks failed`} against <code>{s.report.url}</code> in{' '}
          {(s.report.durationMs / 1000).toFixed(1)} s{s.report.keyLabel ? `, signed with “${s.report.keyLabel}”` : ''}.
        </p>
      )}
      {checks.length > 0 && (
        <ul className="replay-checks" data-testid="check-results">
          {failuresFirst(checks).map((c) => (
            <CheckRow key={c.id} check={c} />
          ))}
        </ul>
      )}
      {!s.running && !s.report && !s.error && <p className="muted">No check run yet.</p>}
    </div>
  );
}
