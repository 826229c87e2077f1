import type { ReactNode } from 'react';
import type { HeadersSpec } from '../../../../shared/contract/replay-drafts';
import { WEBHOOK_HEADER_NAMES } from '../../../../shared/service/webhooks';
import { useEditor, useEditorStore } from './editor-store';
import type { EditorStore } from './create-editor-store';

/** Headers the core sets itself, each of which can be left out. */
const STANDARD_HEADERS = [WEBHOOK_HEADER_NAMES.signature, WEBHOOK_HEADER_NAMES.eventId, WEBHOOK_HEADER_NAMES.eventCreated, 'Content-Type', 'User-Agent'] as const;

/** Changes some of the editor's headers, keeping the rest as they are now. */
function headersSetter(editor: EditorStore): (patch: Partial<HeadersSpec>) => void {
  return (patch) => editor.editRequest({ headers: { ...editor.getState().request.headers, ...patch } });
}

/** A datetime-local value (local time) from an ISO time, and back, for the "chosen" time. */
function toLocalInput(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 19);
}

/** A header sent one of a few ways: the way chosen, and beside it what that way needs (a value, a time). */
function ModeField<M extends string>({
  header,
  mode,
  modes,
  onMode,
  testId,
  children,
}: {
  header: string;
  mode: M;
  modes: ReadonlyArray<readonly [M, string]>;
  onMode: (mode: M) => void;
  testId: string;
  children: ReactNode;
}) {
  return (
    <label className="field">
      <span>{header}</span>
      <span className="row">
        <select value={mode} onChange={(e) => onMode(e.target.value as M)} data-testid={testId}>
          {modes.map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
        {children}
      </span>
    </label>
  );
}

/**
 * The headers: event id (keep the original, new per send, typed), event-created (keep, now,
 * chosen), Content-Type, User-Agent, extra headers, and any header left out.
 */
export function HeadersEditor() {
  const setHeaders = headersSetter(useEditor());
  const headers = useEditorStore((s) => s.request.headers);
  const origin = useEditorStore((s) => s.draft?.origin);
  const removed = new Set(headers.removed.map((h) => h.toLowerCase()));
  const toggleRemoved = (name: string, remove: boolean) =>
    setHeaders({ removed: remove ? [...headers.removed, name] : headers.removed.filter((h) => h.toLowerCase() !== name.toLowerCase()) });

  return (
    <section className="card replay-headers" data-testid="replay-headers">
      <h2 className="card__title">Headers</h2>
      <ModeField
        header={WEBHOOK_HEADER_NAMES.eventId}
        mode={headers.eventId.mode}
        modes={[
          ['keep', `keep the original${origin?.eventId ? ` (${origin.eventId})` : ' (none)'}`],
          ['new', 'a new unique id per send'],
          ['typed', 'typed'],
        ]}
        onMode={(mode) => setHeaders({ eventId: mode === 'typed' ? { mode, value: origin?.eventId ?? '1' } : { mode } })}
        testId="replay-event-id-mode"
      >
        {headers.eventId.mode === 'typed' && (
          <input
            value={headers.eventId.value}
            onChange={(e) => setHeaders({ eventId: { mode: 'typed', value: e.target.value } })}
            data-testid="replay-event-id-value"
          />
        )}
      </ModeField>
      <ModeField
        header={WEBHOOK_HEADER_NAMES.eventCreated}
        mode={headers.eventCreated.mode}
        modes={[
          ['keep', `keep the original${origin?.eventCreated ? ` (${origin.eventCreated})` : ' (none)'}`],
          ['now', 'now, at each send'],
          ['chosen', 'a chosen time'],
        ]}
        onMode={(mode) => setHeaders({ eventCreated: mode === 'chosen' ? { mode, value: origin?.eventCreated ?? new Date().toISOString() } : { mode } })}
        testId="replay-event-created-mode"
      >
        {headers.eventCreated.mode === 'chosen' && (
          <input
            type="datetime-local"
            step={1}
            value={toLocalInput(headers.eventCreated.value)}
            onChange={(e) => {
              const d = new Date(e.target.value);
              if (!Number.isNaN(d.getTime())) setHeaders({ eventCreated: { mode: 'chosen', value: d.toISOString() } });
            }}
            data-testid="replay-event-created-value"
          />
        )}
      </ModeField>
      <label className="field">
        <span>Content-Type</span>
        <input value={headers.contentType} onChange={(e) => setHeaders({ contentType: e.target.value })} data-testid="replay-content-type" />
      </label>
      <label className="field">
        <span>User-Agent (the service's by default)</span>
        <input value={headers.userAgent} onChange={(e) => setHeaders({ userAgent: e.target.value })} data-testid="replay-user-agent" />
      </label>

      <div className="field">
        <span>Extra headers</span>
        {headers.extra.map(([name, value], i) => (
          <span key={i} className="row replay-headers__extra">
            <input
              aria-label="header name"
              value={name}
              onChange={(e) => setHeaders({ extra: headers.extra.map((h, j) => (j === i ? [e.target.value, h[1]] : h)) })}
              data-testid={`replay-extra-name-${i}`}
            />
            <input
              aria-label="header value"
              value={value}
              onChange={(e) => setHeaders({ extra: headers.extra.map((h, j) => (j === i ? [h[0], e.target.value] : h)) })}
              data-testid={`replay-extra-value-${i}`}
            />
            <button type="button" className="button button--small" aria-label={`Remove ${name}`} onClick={() => setHeaders({ extra: headers.extra.filter((_, j) => j !== i) })}>
              ✕
            </button>
          </span>
        ))}
        <button type="button" className="button button--small" onClick={() => setHeaders({ extra: [...headers.extra, ['X-Custom', '']] })} data-testid="replay-extra-add">
          Add header
        </button>
      </div>

      <div className="field">
        <span>Leave out</span>
        <span className="replay-headers__removed">
          {STANDARD_HEADERS.map((name) => (
            <label key={name} className="row">
              <input type="checkbox" checked={removed.has(name.toLowerCase())} onChange={(e) => toggleRemoved(name, e.target.checked)} data-testid={`replay-remove-${name}`} />
              <span className="mono">{name}</span>
            </label>
          ))}
        </span>
      </div>
    </section>
  );
}
