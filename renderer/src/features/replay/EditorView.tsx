import { useEffect } from 'react';
import { useEditor, useEditorStore } from './editor-store';
import { BodyEditor } from './BodyEditor';
import { DraftBar } from './DraftBar';
import { DraftsList } from './DraftsList';
import { editorExportSource, ExportPanel } from './ExportPanel';
import { HeadersEditor } from './HeadersEditor';
import { KeyPicker } from './KeyPicker';
import { OpenPanel } from './OpenPanel';
import { SendPanel } from './SendPanel';
import { SignaturePanel } from './SignaturePanel';
import { TamperPresets } from './TamperPresets';
import { useReplayKeys, useReplayTargets } from './replay-data';

/** The editor tab: where drafts come from, the body, and everything that decides what is sent. */
export function EditorView() {
  const editor = useEditor();
  const { editRequest } = editor;
  const hasDraft = useEditorStore((s) => s.draft !== null);
  const opening = useEditorStore((s) => s.opening);
  const openError = useEditorStore((s) => s.openError);
  const key = useEditorStore((s) => s.request.key);
  const keys = useReplayKeys();
  const targets = useReplayTargets();
  // The core warns when the chosen key is gone (removed elsewhere): list the keys again then.
  const warnings = useEditorStore((s) => s.preview?.warnings.join('\n') ?? '');
  const { reload } = keys;
  useEffect(() => {
    if (warnings) reload();
  }, [warnings, reload]);
  return (
    <div className="replay-layout">
      <aside className="replay-side">
        <OpenPanel />
        <DraftsList />
      </aside>
      <section className="replay-main">
        {openError && (
          <p className="notice notice--error" data-testid="replay-open-error">
            {openError}
          </p>
        )}
        {opening && <p className="muted" data-testid="replay-opening">Opening…</p>}
        {!hasDraft && !opening && (
          <div className="card replay-empty" data-testid="replay-empty">
            <p>Nothing open yet.</p>
            <p className="muted">
              Open a template or a fixture on the left, a saved draft, or use “Open in Replay” on a delivery in Live or History.
            </p>
          </div>
        )}
        {hasDraft && (
          <>
            <DraftBar />
            <BodyEditor />
            <SendPanel targets={targets} />
          </>
        )}
      </section>
      {hasDraft && (
        <aside className="replay-side replay-side--right">
          <SignaturePanel />
          <section className="card">
            <KeyPicker value={key} onChange={(k) => editRequest({ key: k })} keys={keys} />
          </section>
          <TamperPresets />
          <HeadersEditor />
          <section className="card">
            <h2 className="card__title">Export</h2>
            <ExportPanel source={() => editorExportSource(editor)} />
          </section>
        </aside>
      )}
    </div>
  );
}
