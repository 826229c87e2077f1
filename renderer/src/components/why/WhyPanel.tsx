import { useCallback, useState } from 'react';
import type { Cause, Explanation } from '../../../../shared/explain/model';
import { hrefFor } from '../../app-state/routes';
import { useTransport } from '../../transport';
import { CopyButton } from '../CopyButton';
import { Badge } from '../ui';
import { formatTime } from '../../lib/format';
import { evidenceParts, resendIdsOf, resendsEvents } from './why-model';
import './why.css';

/** What the panel explains: an order (Sequences) or one received delivery (Live). */
export type WhyTarget =
  | { readonly kind: 'order'; readonly orderId: string }
  | { readonly kind: 'delivery'; readonly id: number };

function Evidence({ line }: { line: string }) {
  return (
    <li>
      {evidenceParts(line).map((part, i) =>
        part.kind === 'text' ? (
          <span key={i}>{part.text}</span>
        ) : part.kind === 'time' ? (
          <time key={i} dateTime={part.text} title={part.text}>
            {formatTime(part.text)}
          </time>
        ) : (
          <a
            key={i}
            href={
              part.kind === 'delivery'
                ? hrefFor('live', String(part.id))
                : hrefFor('history', `events/${part.eventId}`)
            }
            data-testid={`why-link-${part.kind}-${part.id}`}
          >
            {part.text}
          </a>
        ),
      )}
    </li>
  );
}

/** Resends the cause's events (the newest history delivery of each), then asks again. */
function ResendButton({ cause, onDone }: { cause: Cause; onDone: (message: string) => void }) {
  const transport = useTransport();
  const [busy, setBusy] = useState(false);
  const resend = async () => {
    setBusy(true);
    try {
      const ids = await resendIdsOf(
        cause,
        async (eventId) =>
          (await transport.call('history.local', { eventId, limit: 1000 })).deliveries,
      );
      if (ids.length === 0)
        return onDone('Nothing to resend: the history copy holds no delivery of these events.');
      const summary = await transport.call('history.resendMany', { ids });
      onDone(
        `Resent ${summary.total}: ${summary.delivered} delivered${summary.failed > 0 ? `, ${summary.failed} not (${summary.problems[0]?.message ?? 'see History'})` : ''}.`,
      );
    } catch (e) {
      onDone(`The resend failed: ${(e as Error).message}`);
    } finally {
      setBusy(false);
    }
  };
  const count = cause.eventIds.length;
  return (
    <button
      type="button"
      className="button button--small button--primary"
      disabled={busy}
      onClick={() => void resend()}
      data-testid={`why-fix-${cause.code}`}
    >
      {busy ? 'Resending…' : `Resend ${count === 1 ? 'this event' : `these ${count} events`}`}
    </button>
  );
}

function CauseCard({ cause, onResent }: { cause: Cause; onResent: (message: string) => void }) {
  return (
    <li
      className={`why-cause why-cause--${cause.code === 'ok' ? 'ok' : 'problem'}`}
      data-testid={`why-cause-${cause.code}`}
    >
      <div className="why-cause__head">
        <Badge tone={cause.code === 'ok' ? 'ok' : 'error'}>{cause.code}</Badge>
        <span className="why-cause__summary">{cause.summary}</span>
      </div>
      {cause.evidence.length > 0 && (
        <ul className="why-cause__evidence" data-testid="why-evidence">
          {cause.evidence.map((line, i) => (
            <Evidence key={i} line={line} />
          ))}
        </ul>
      )}
      {cause.fix && (
        <div className="why-cause__fix" data-testid="why-fix">
          <span className="muted">Fix:</span>{' '}
          <code className="why-cause__command">{cause.fix}</code>
          <span className="row">
            {resendsEvents(cause) && <ResendButton cause={cause} onDone={onResent} />}
            <CopyButton text={cause.fix} label="Copy the fix" testId={`why-copy-${cause.code}`} />
          </span>
        </div>
      )}
    </li>
  );
}

/**
 * **Why?** for an order or a delivery: explain.order / explain.delivery's causes, the first to
 * fix first, each with its evidence (delivery and history rows linked) and its fix, a button
 * where the fix is a resend. Asked when opened and on "Check again", never on its own.
 */
export function WhyPanel({ target, testIdPrefix }: { target: WhyTarget; testIdPrefix: string }) {
  const transport = useTransport();
  const [answer, setAnswer] = useState<Explanation | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const [stateUrl, setStateUrl] = useState('');
  const [statePath, setStatePath] = useState('');
  const ask = useCallback(async () => {
    setBusy(true);
    setError(null);
    try {
      const state = stateUrl.trim()
        ? {
            stateUrl: stateUrl.trim(),
            ...(statePath.trim() ? { statePath: statePath.trim() } : {}),
          }
        : {};
      setAnswer(
        target.kind === 'order'
          ? await transport.call('explain.order', { orderId: target.orderId, ...state })
          : await transport.call('explain.delivery', { id: target.id }),
      );
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  }, [transport, target, stateUrl, statePath]);
  const resent = (message: string) => {
    setNote(message);
    void ask();
  };
  const open = answer !== null || error !== null;
  return (
    <section
      className="why"
      data-testid={`${testIdPrefix}-why`}
      data-ok={answer ? String(answer.ok) : undefined}
      aria-busy={busy}
    >
      <div className="row">
        <button
          type="button"
          className="button button--small"
          disabled={busy}
          onClick={() => {
            // A note of the last resend belongs to the answer it led to, not to the next one.
            setNote(null);
            void ask();
          }}
          data-testid={`${testIdPrefix}-why-ask`}
        >
          {busy
            ? 'Looking…'
            : open
              ? 'Check again'
              : target.kind === 'order'
                ? 'Why? (is this order stuck)'
                : 'Why? (did this delivery get through)'}
        </button>
        {answer && (
          <span className="muted">
            checked {formatTime(answer.checkedAt)} ·{' '}
            {answer.ok
              ? 'nothing to fix'
              : `${answer.causes.length} ${answer.causes.length === 1 ? 'cause' : 'causes'}, the first to fix first`}
          </span>
        )}
      </div>
      {target.kind === 'order' && (
        <details className="why__state" data-testid={`${testIdPrefix}-why-state`}>
          <summary className="muted">Compare with your handler's state (optional)</summary>
          <div className="row">
            <input
              className="why__state-input"
              placeholder="http://localhost:3000/state (GET → JSON)"
              value={stateUrl}
              onChange={(e) => setStateUrl(e.currentTarget.value)}
              aria-label="Your handler's state URL"
              data-testid="why-state-url"
            />
            <input
              className="why__state-input"
              placeholder="orders.{orderId} (optional)"
              value={statePath}
              onChange={(e) => setStatePath(e.currentTarget.value)}
              aria-label="Where the order is in it"
              data-testid="why-state-path"
            />
          </div>
        </details>
      )}
      {note && (
        <p className="notice notice--info" role="status" data-testid="why-note">
          {note}
        </p>
      )}
      {error && (
        <p className="notice notice--error" role="alert" data-testid="why-error">
          {error}
        </p>
      )}
      {answer && (
        <ol className="why__causes" data-testid="why-causes">
          {answer.causes.map((cause) => (
            <CauseCard key={cause.code} cause={cause} onResent={resent} />
          ))}
        </ol>
      )}
    </section>
  );
}
