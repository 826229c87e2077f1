import { TAMPER_PRESETS, type TamperPreset } from '../../../../shared/replay/vocabulary';
import { TAMPER_LABELS } from './tamper-labels';
import { useEditor, useEditorStore } from './editor-store';

/** What each preset tests in the handler (its label is TAMPER_LABELS). */
export const TAMPER_TESTS: Record<TamperPreset, string> = {
  none: 'a valid delivery',
  'wrong-key': 'signed with a random key: the handler must reject it',
  reserialised: 'signed over compact re-serialised JSON, sent as written: catches handlers that verify a parsed body',
  'missing-signature': 'no X-Svc-Hmac-Sha256 header: must be rejected',
  'hex-signature': 'the right HMAC in hex: must be rejected',
  'reused-event-id': 'the event id of the last replay: the handler must deduplicate and still answer 2xx',
  'stale-event-created': 'X-Svc-Event-Created 30 days ago',
  'body-changed-after-signing': 'one byte appended after signing: must be rejected',
};

/** One click per tampering, clearly labelled; "Signed honestly" undoes it. */
export function TamperPresets() {
  const { editRequest } = useEditor();
  const tamper = useEditorStore((s) => s.request.tamper);
  return (
    <section className="card" data-testid="replay-tamper">
      <h2 className="card__title">Tamper presets</h2>
      <div className="replay-tamper">
        {TAMPER_PRESETS.map((preset) => (
          <button
            key={preset}
            type="button"
            className={`button button--small replay-tamper__preset${tamper === preset ? ' button--primary' : ''}`}
            aria-pressed={tamper === preset}
            title={TAMPER_TESTS[preset]}
            onClick={() => editRequest({ tamper: preset })}
            data-testid={`tamper-${preset}`}
          >
            {TAMPER_LABELS[preset]}
          </button>
        ))}
      </div>
      {tamper !== 'none' && (
        <p className="notice notice--warn" data-testid="replay-tamper-active">
          Tampered: {TAMPER_LABELS[tamper].toLowerCase()} ({TAMPER_TESTS[tamper]}).
        </p>
      )}
    </section>
  );
}
