import { REPLAY_METHODS, type ReplayMethod } from '../../../../shared/contract/replay-drafts';
import type { ReplayTarget } from '../../../../shared/contract/replay-targets';
import { useEffect, useRef } from 'react';
import { useEditor, useEditorStore } from './editor-store';
import type { Loaded } from './replay-data';
import { ReplayResult } from './ReplayResult';
import { AnswerTimes } from './AnswerTimes';
import { TargetPanel } from './TargetPanel';
import { is2xx } from '../../../../shared/http/status';
import { JobProgress } from '../../components/JobProgress';

/** A whole number kept within [min, max] as it is typed (an empty or bad entry becomes min). */
function WholeNumberInput(props: { min: number; max: number; value: number; onChange: (n: number) => void; testId: string }) {
  const { min, max } = props;
  return (
    <input
      type="number"
      min={min}
      max={max}
      className="replay-number"
      value={props.value}
      onChange={(e) => props.onChange(Math.min(max, Math.max(min, Math.floor(Number(e.target.value) || min))))}
      data-testid={props.testId}
    />
  );
}

/** Target, "send N times" (one after another with an interval, or all at once), Send, and what came back. */
export function SendPanel({ targets }: { targets: Loaded<ReplayTarget[]> }) {
  const { editDraft, editRequest, preselectDraftTarget, sendNow, setSendOptions } = useEditor();
  const targetUrl = useEditorStore((s) => s.targetUrl);
  const method = useEditorStore((s) => s.request.method);
  const options = useEditorStore((s) => s.sendOptions);
  const sending = useEditorStore((s) => s.sending);
  const sendJobId = useEditorStore((s) => s.sendJobId);
  const error = useEditorStore((s) => s.sendError);
  const lastSent = useEditorStore((s) => s.lastSent);
  // After Send the answer comes into view (below the editor on a 1280×800 window).
  const answer = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (lastSent.length > 0) answer.current?.scrollIntoView({ block: 'nearest' });
  }, [lastSent]);
  const docVersion = useEditorStore((s) => s.docVersion);
  useEffect(() => {
    if (targets.value) preselectDraftTarget(targets.value);
  }, [docVersion, targets.value, preselectDraftTarget]);
  return (
    <section className="card replay-send" data-testid="replay-send-panel">
      <TargetPanel value={targetUrl} onChange={(url) => editDraft({ targetUrl: url })} targets={targets} />
      <div className="row replay-send__bar">
        <label className="row">
          <span className="muted">Method</span>
          <select value={method} onChange={(e) => editRequest({ method: e.target.value as ReplayMethod })} data-testid="replay-method">
            {REPLAY_METHODS.map((m) => (
              <option key={m} value={m}>
                {m}
              </option>
            ))}
          </select>
        </label>
        <label className="row">
          <span className="muted">Send</span>
          <WholeNumberInput min={1} max={1000} value={options.times} onChange={(times) => setSendOptions({ times })} testId="replay-times" />
          <span className="muted">time(s)</span>
        </label>
        {options.times > 1 && (
          <>
            <select value={options.mode} onChange={(e) => setSendOptions({ mode: e.target.value as 'sequential' | 'concurrent' })} data-testid="replay-mode">
              <option value="sequential">one after another</option>
              <option value="concurrent">all at once</option>
            </select>
            {options.mode === 'sequential' && (
              <label className="row">
                <span className="muted">every</span>
                <WholeNumberInput min={0} max={60000} value={options.intervalMs} onChange={(intervalMs) => setSendOptions({ intervalMs })} testId="replay-interval" />
                <span className="muted">ms</span>
              </label>
            )}
          </>
        )}
        <button type="button" className="button button--primary" disabled={sending || !targetUrl} onClick={() => void sendNow()} data-testid="replay-send">
          {sending ? 'Sending…' : 'Send'}
        </button>
      </div>
      {sendJobId && <JobProgress jobId={sendJobId} />}
      {error && (
        <p className="notice notice--error" data-testid="replay-send-error">
          {error}
        </p>
      )}
      {lastSent.length > 0 && (
        <div ref={answer} data-testid="replay-last-sent" data-batch={lastSent[0]?.summary.batchId}>
          {lastSent.length > 1 && (
            <p className="muted">
              {lastSent.length} replays: {lastSent.filter((r) => is2xx(r.summary.status)).length} answered 2xx.
            </p>
          )}
          {lastSent.length > 1 && <AnswerTimes replays={lastSent.map((r) => r.summary)} />}
          {lastSent.slice(0, 5).map((r) => (
            <ReplayResult key={r.summary.id} detail={r} compact={lastSent.length > 1} />
          ))}
        </div>
      )}
    </section>
  );
}
