import { useEffect, useState } from 'react';
import type { ReplaySettings, ReplayTarget } from '../../../../shared/contract/replay-targets';
import { exactBytes } from '../../../../shared/text/bytes';
import { hrefFor } from '../../app-state/routes';
import { useTransport } from '../../transport';
import type { Loaded } from './replay-data';
import { targetOptionLabel } from './target-choice';

/** Adds a Replay target; a host off this machine asks for an explicit opt-in with a reason. */
function AddTarget({ onAdded }: { onAdded: (t: ReplayTarget) => void }) {
  const transport = useTransport();
  const [url, setUrl] = useState('');
  const [label, setLabel] = useState('');
  const [check, setCheck] = useState<{ needsOptIn: boolean; message: string } | null>(null);
  const [allow, setAllow] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    setCheck(null);
    setAllow(false);
    if (url.trim() === '') return;
    let alive = true;
    const timer = setTimeout(() => {
      transport.call('replay.checkTarget', { url: url.trim() }).then(
        (c) => alive && setCheck(c),
        (e: Error) => alive && setCheck({ needsOptIn: false, message: e.message }),
      );
    }, 200);
    return () => {
      alive = false;
      clearTimeout(timer);
    };
  }, [transport, url]);
  const add = async () => {
    setError(null);
    try {
      const target = await transport.call('replay.addTarget', { url: url.trim(), label, allowNonLoopback: allow, reason });
      setUrl('');
      setLabel('');
      setReason('');
      onAdded(target);
    } catch (e) {
      setError((e as Error).message);
    }
  };
  return (
    <form
      className="replay-add-target"
      data-testid="replay-add-target"
      onSubmit={(e) => {
        e.preventDefault();
        void add();
      }}
    >
      <div className="row">
        <input aria-label="Target URL" placeholder="http://127.0.0.1:3000/webhooks" value={url} onChange={(e) => setUrl(e.target.value)} data-testid="replay-target-url" />
        <input aria-label="Target label" placeholder="label (optional)" value={label} onChange={(e) => setLabel(e.target.value)} data-testid="replay-target-label" />
        <button type="submit" className="button button--small" disabled={url.trim() === '' || (check?.needsOptIn === true && (!allow || reason.trim() === ''))} data-testid="replay-target-add">
          Add target
        </button>
      </div>
      {check && (
        <p className={`notice${check.needsOptIn ? ' notice--warn' : ''}`} data-testid="replay-target-check">
          {check.message}
        </p>
      )}
      {check?.needsOptIn && (
        <div className="replay-opt-in">
          <label className="row">
            <input type="checkbox" checked={allow} onChange={(e) => setAllow(e.target.checked)} data-testid="replay-target-allow" />
            Send replays to this host off this machine
          </label>
          <input placeholder="why (kept with the target)" value={reason} onChange={(e) => setReason(e.target.value)} data-testid="replay-target-reason" />
        </div>
      )}
      {error && (
        <p className="notice notice--error" data-testid="replay-target-error">
          {error}
        </p>
      )}
    </form>
  );
}

/** The timeout and body cap every replay uses, with a link to change them (Settings → Replay). */
function ReplayLimits() {
  const transport = useTransport();
  const [settings, setSettings] = useState<ReplaySettings | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    transport.call('replay.settings', {}).then(setSettings, (e: Error) => setError(e.message));
  }, [transport]);
  if (!settings) return error ? <p className="notice notice--error">{error}</p> : null;
  return (
    <span className="muted replay-limits" data-testid="replay-limits">
      Timeout {settings.timeoutMs / 1000} s · body cap {exactBytes(settings.bodyCapBytes)} ·{' '}
      <a href={hrefFor('settings', 'replay')} data-testid="replay-limits-change">
        change
      </a>
    </span>
  );
}

/**
 * Where replays go: the listener's forward targets and Replay's own list. A target replays may
 * not reach says why; Replay's own can be removed.
 */
export function TargetPanel({ value, onChange, targets }: { value: string | null; onChange: (url: string) => void; targets: Loaded<ReplayTarget[]> }) {
  const transport = useTransport();
  const list = targets.value ?? [];
  const chosen = list.find((t) => t.url === value);
  const [adding, setAdding] = useState(false);
  return (
    <div className="replay-targets" data-testid="replay-targets">
      <div className="row">
        <label className="row">
          <span className="muted">Target</span>
          <select value={value ?? ''} onChange={(e) => onChange(e.target.value)} data-testid="replay-target">
            <option value="" disabled>
              {list.length === 0 ? 'no targets yet: add one' : 'choose a target'}
            </option>
            {list.map((t) => (
              <option key={`${t.source}:${t.url}`} value={t.url}>
                {targetOptionLabel(t)}
              </option>
            ))}
            {value && !chosen && <option value={value}>{value}</option>}
          </select>
        </label>
        {chosen?.source === 'replay' && chosen.id !== null && (
          <button
            type="button"
            className="button button--small"
            onClick={() => void transport.call('replay.removeTarget', { id: chosen.id! }).then(targets.reload)}
            data-testid="replay-target-remove"
          >
            Remove target
          </button>
        )}
        <button type="button" className="button button--small" onClick={() => setAdding((a) => !a)} data-testid="replay-target-toggle-add">
          {adding ? 'Close' : 'New target…'}
        </button>
        <ReplayLimits />
      </div>
      {targets.error && <p className="notice notice--error">Targets could not be listed: {targets.error}</p>}
      {chosen?.refusal && (
        <p className="notice notice--error" data-testid="replay-target-refusal">
          {chosen.refusal}
        </p>
      )}
      {chosen && !chosen.loopback && chosen.optedIn && (
        <p className="muted" data-testid="replay-target-opted-in">
          Off this machine, allowed because: {chosen.optInReason}
        </p>
      )}
      {adding && (
        <AddTarget
          onAdded={(t) => {
            targets.reload();
            setAdding(false);
            onChange(t.url);
          }}
        />
      )}
    </div>
  );
}
