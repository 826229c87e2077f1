import { useEffect, useState } from 'react';
import type { CallResult } from '../../../../shared/contract';
import { useTransport } from '../../transport';
import { useEditor, useEditorStore } from './editor-store';
import type { EditorStore } from './create-editor-store';
import { openPanelTitle } from './draft-origin';

type Templates = CallResult<'replay.templates'>;

/** Asks before replacing unsaved edits. */
function mayReplace(editor: EditorStore): boolean {
  return !editor.getState().dirty || window.confirm('Discard the unsaved changes in the editor?');
}

/** Start a draft from a template of any event type (see docs/service.md#event-types) with an orderType (see docs/service.md#order-types), or a fixture file. */
export function OpenPanel() {
  const editor = useEditor();
  const { openDraft } = editor;
  const transport = useTransport();
  const [templates, setTemplates] = useState<Templates | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [eventType, setEventType] = useState('SuccessPayment');
  const [orderType, setOrderType] = useState('');
  useEffect(() => {
    transport.call('replay.templates', {}).then(setTemplates, (e: Error) => setError(e.message));
  }, [transport]);
  const meaning = templates?.eventTypes.find((t) => t.type === eventType);
  const draft = useEditorStore((s) => s.draft);
  return (
    <section className="card" data-testid="replay-open">
      <h2 className="card__title" data-testid="replay-open-title">
        {openPanelTitle(draft)}
      </h2>
      {draft && <h3 className="replay-open__another">Open another draft</h3>}
      {error && <p className="notice notice--error">Templates could not be loaded: {error}</p>}
      <label className="field">
        <span>From a template</span>
        <select value={eventType} onChange={(e) => setEventType(e.target.value)} data-testid="replay-template-type">
          {templates?.eventTypes.map((t) => (
            <option key={t.type} value={t.type}>
              {t.type} ({t.level})
            </option>
          ))}
        </select>
      </label>
      <label className="field">
        <span>orderType</span>
        <select value={orderType} onChange={(e) => setOrderType(e.target.value)} data-testid="replay-template-order-type">
          <option value="">the template's own</option>
          {templates?.orderTypes.map((t) => (
            <option key={t} value={t}>
              {t}
            </option>
          ))}
        </select>
      </label>
      {meaning && <p className="muted">{meaning.meaning}</p>}
      <button
        type="button"
        className="button button--primary"
        disabled={!templates}
        onClick={() => mayReplace(editor) && void openDraft({ kind: 'template', eventType, ...(orderType ? { orderType } : {}) })}
        data-testid="replay-template-open"
      >
        Open template
      </button>
      <label className="field replay-fixture-input">
        <span>From a fixture file</span>
        <input
          type="file"
          accept=".json,application/json"
          data-testid="replay-fixture-file"
          onChange={(e) => {
            const file = e.target.files?.[0];
            e.target.value = '';
            if (!file || !mayReplace(editor)) return;
            void file.text().then((content) => openDraft({ kind: 'fixture', content, name: file.name }));
          }}
        />
      </label>
    </section>
  );
}
