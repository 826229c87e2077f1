import type { FieldErrors } from '../../../../shared/validation/field-errors';
import { FieldError } from '../../components/FieldError';
import { bytesTitle } from '../../lib/format';
import { MIB, type ListenerDraft } from './listener-draft';

interface ListenerLimitsProps {
  readonly draft: ListenerDraft;
  readonly setDraft: (draft: ListenerDraft) => void;
  readonly errors: FieldErrors;
  /** Why the listener could not take the saved port, if it could not. */
  readonly portError: string | null | undefined;
}

/** The listener's port, body limit, timeouts and connection cap. */
export function ListenerLimits({ draft, setDraft, errors, portError }: ListenerLimitsProps) {
  return (
    <div className="row">
      <label className="field">
        <span>Port (stable, so the portal URL survives restarts)</span>
        <input
          type="number"
          min={0}
          max={65535}
          value={draft.port}
          data-testid="listener-port"
          onChange={(e) => setDraft({ ...draft, port: Number(e.target.value) })}
        />
        <FieldError message={errors.port ?? portError ?? undefined} testId="listener-port-error" />
      </label>
      <label className="field">
        {/* In MiB like retention below; any fraction, the exact byte count on hover. */}
        <span>Body limit (MiB)</span>
        <input
          type="number"
          min={1 / 1024}
          step="any"
          value={Number((draft.bodyLimitBytes / MIB).toFixed(4))}
          title={bytesTitle(draft.bodyLimitBytes)}
          data-testid="listener-body-limit-mib"
          onChange={(e) =>
            setDraft({ ...draft, bodyLimitBytes: Math.round(Number(e.target.value) * MIB) })
          }
        />
        <FieldError message={errors.bodyLimitBytes} />
      </label>
      <label className="field">
        <span>Headers timeout (ms)</span>
        <input
          type="number"
          min={100}
          value={draft.headersTimeoutMs}
          onChange={(e) => setDraft({ ...draft, headersTimeoutMs: Number(e.target.value) })}
        />
        <FieldError message={errors.headersTimeoutMs} />
      </label>
      <label className="field">
        <span>Request timeout (ms): a body still arriving then is cut off</span>
        <input
          type="number"
          min={500}
          value={draft.requestTimeoutMs}
          data-testid="listener-request-timeout"
          onChange={(e) => setDraft({ ...draft, requestTimeoutMs: Number(e.target.value) })}
        />
        <FieldError message={errors.requestTimeoutMs} />
      </label>
      <label className="field">
        <span>Idle timeout (ms)</span>
        <input
          type="number"
          min={500}
          value={draft.idleTimeoutMs}
          onChange={(e) => setDraft({ ...draft, idleTimeoutMs: Number(e.target.value) })}
        />
        <FieldError message={errors.idleTimeoutMs} />
      </label>
      <label className="field">
        <span>Open connections at most (the longest idle is closed beyond it)</span>
        <input
          type="number"
          min={8}
          value={draft.maxConnections}
          data-testid="listener-max-connections"
          onChange={(e) => setDraft({ ...draft, maxConnections: Number(e.target.value) })}
        />
        <FieldError message={errors.maxConnections} />
      </label>
    </div>
  );
}
