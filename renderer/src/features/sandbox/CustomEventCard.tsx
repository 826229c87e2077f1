import { useState } from 'react';
import { CodeView } from '../../components/monaco';
import { useTransport } from '../../transport';
import { EVENT_TYPES, eventTemplate } from './event-templates';
import { recordRun, useSandboxStore } from './sandbox-store';

/** Sends any 2.8 event (known type or not) from the sandbox store, signed with its key. */
export function CustomEventCard() {
  const transport = useTransport();
  const busy = useSandboxStore((s) => s.lastRun?.running ?? false);
  const [type, setType] = useState('Created');
  const [text, setText] = useState(() => eventTemplate('Created'));
  const [parseError, setParseError] = useState<string | null>(null);
  const send = () => {
    let event: unknown;
    try {
      event = JSON.parse(text);
    } catch (error) {
      setParseError(`Not valid JSON: ${(error as Error).message}`);
      return;
    }
    setParseError(null);
    // The core validates the event against 2.8 and names any bad field in its error.
    void recordRun(`Custom event`, () => transport.call('sandbox.sendEvent', { event: event as never }));
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
      <CodeView value={text} onChange={setText} height={220} testId="custom-event-editor" />
      {parseError && <p className="notice notice--error">{parseError}</p>}
    </div>
  );
}
