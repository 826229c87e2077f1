import type { TamperPreset } from '../../../../shared/contract/replay';
import { editRequest, useEditorStore } from './editor-store';

/** Each preset, what it does and which defence of the handler it tests. */
export const TAMPER_TEXT: Record<TamperPreset, { label: string; tests: string }> = {
  none: { label: 'Signed honestly', tests: 'a valid delivery' },
  'wrong-key': { label: 'Wrong key', tests: 'signed with a random key: the handler must reject it' },
  reserialised: { label: 'Signature over other bytes', tests: 'signed over re-serialised JSON, sent as written: catches handlers that verify a parsed body' },
  'missing-signature': { label: 'Signature missing', tests: 'no X-Svc-Hmac-Sha256 header: must be rejected' },
  'hex-signature': { label: 'Hex instead of Base64', tests: 'the right HMAC in hex: must be rejected' },
  'reused-event-id': { label: 'Reused event id', tests: 'the event id of the last replay: the handler must deduplicate and still answer 2xx' },
  'stale-event-created': { label: 'Stale event-created', tests: 'X-Svc-Event-Created 30 days ago' },
  'body-changed-after-signing': { label: 'Body changed after signing', tests: 'one byte appended after signing: must be rejected' },
};

/** One click per tampering, clearly labelled; "Signed honestly" undoes it. */
export function TamperPresets() {
  const tamper = useEditorStore((s) => s.tamper);
  return (
    <section className="card" data-testid="replay-tamper">
      <h2 className="card__title">Tamper presets</h2>
      <div className="replay-tamper">
        {(Object.keys(TAMPER_TEXT) as TamperPreset[]).map((preset) => (
          <button
            key={preset}
            type="button"
            className={`button button--small replay-tamper__preset${tamper === preset ? ' button--primary' : ''}`}
            aria-pressed={tamper === preset}
            title={TAMPER_TEXT[preset].tests}
            onClick={() => editRequest({ tamper: preset })}
            data-testid={`tamper-${preset}`}
          >
            {TAMPER_TEXT[preset].label}
          </button>
        ))}
      </div>
      {tamper !== 'none' && (
        <p className="notice notice--warn" data-testid="replay-tamper-active">
          Tampered: {TAMPER_TEXT[tamper].label.toLowerCase()} ({TAMPER_TEXT[tamper].tests}).
        </p>
      )}
    </section>
  );
}
