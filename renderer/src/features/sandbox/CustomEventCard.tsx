import { useState } from 'react';
import { CodeView } from '../../components/monaco';
import { useTransport } from '../../transport';
import { EVENT_TYPES, eventTemplate } from './event-templates';
import { useSandbox, useSandboxStore } from './sandbox-store';
import { SandboxEventInputSchema } from '../../../../shared/contract/sandbox';
import { fieldErrors } from '../../../../shared/validation/field-errors';

/** Sends any event (docs/service.md#webhook-event; known type or not) from the sandbox store, signed with its key. */
export function CustomEventCard() {
  const { recordRun } = useSandbox();
  const transport = useTransport();
  const busy = useSandboxStore((s) => s.lastRun?.running ?? false);
  const [type, setType] = useState('Created');
  const [text, setText] = useState(() => eventTemplate('Created'));
  const [problems, setProblems] = useState<string[]>([]);
  const send = () => {
    let event: unknown;
    try {
      event = JSON.parse(text);
    } catch (error) {
      setProblems([`The event is not valid JSON: ${(error as Error).message}`]);
      return;
    }
    // The same event schema (docs/service.md#webhook-event) the core applies, said field by field under the editor.
    const checked = SandboxEventInputSchema.safeParse(event);
    if (!checked.success) {
      setProblems(Object.values(fieldErrors(checked.error.issues)));
      return;
    }
    setProblems([]);
    void recordRun(`Custom event`, () => transport.call('sandbox.sendEvent', { event: checked.data }), checked.data.type);
  };
  return (
    <div className="card" data-testid="sandbox-custom-event">
      <h2 className="card__title">Send a custom event</h2>
      <div className="row" style={{ marginBottom: 8 }}>
        <label className="row">
          <span className="muted">Start from</span>
          <select
            value={type}
            data-testid="custom-event-type"
            onChange={(e) => {
              setType(e.target.value);
              setText(eventTemplate(e.target.value));
            }}
          >
            {EVENT_TYPES.map((t) => (
              <option key={t.type}>{t.type}</option>
            ))}
          </select>
        </label>
        <button type="button" className="button button--primary" disabled={busy} onClick={send} data-testid="custom-event-send">
          Send
        </button>
      </div>
      {/* Errors right above the editor: below a tall editor they were off-screen. */}
      {problems.length > 0 && (
        <ul className="notice notice--error sandbox-event-errors" data-testid="custom-event-errors">
          {problems.map((p) => (
            <li key={p}>{p}</li>
          ))}
        </ul>
      )}
      <CodeView value={text} onChange={setText} height={220} testId="custom-event-editor" />
    </div>
  );
}
