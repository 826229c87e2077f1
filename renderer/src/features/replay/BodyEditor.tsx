import { lazy, Suspense, useMemo, useState } from 'react';
import { editableVerbatim, lineEndingOf } from '../../../../shared/replay/editor-text';
import { MAX_CHECKED_DEPTH, jsonNesting } from '../../../../shared/text/json-nesting';
import { base64ToBytes, hexDump } from '../../lib/curl';
import { useEditor, useEditorStore } from './editor-store';
import { useDrafts } from './drafts-store';

// Monaco is most of the bundle: loaded with the first editor, not with the shell.
const LazyMonaco = lazy(() => import('./BodyEditorMonaco').then((m) => ({ default: m.BodyEditorMonaco })));

/**
 * The body: Monaco for text that survives an editor byte for byte; otherwise the exact bytes,
 * read-only (hex for non-UTF-8, the text for mixed line endings or a BOM) and sent unchanged.
 */
export function BodyEditor() {
  const editor = useEditor();
  const { editRequest, sendNow } = editor;
  const { saveEditorDraft } = useDrafts();
  const docVersion = useEditorStore((s) => s.docVersion);
  const kind = useEditorStore((s) => s.request.body.kind);
  // The body as opened: Monaco starts from it, and later edits are Monaco's own (one line-ending
  // style), so nothing here re-renders per keystroke or rescans a 1 MB text on each one.
  // eslint-disable-next-line react-hooks/exhaustive-deps -- docVersion and kind are when to read the store again, not what is read
  const opened = useMemo(() => editor.getState().request.body, [docVersion, kind]);
  const verdict = useMemo(() => (opened.kind === 'text' ? editableVerbatim(opened.text) : null), [opened]);
  const [forceEdit, setForceEdit] = useState(0);
  // Measured once per opened document, like the verdict: a deep body stays deep while edited.
  const depth = useMemo(() => (opened.kind === 'text' ? jsonNesting(opened.text).depth : 0), [opened]);
  if (opened.kind === 'bytes') {
    const bytes = base64ToBytes(opened.base64);
    return (
      <div className="replay-editor" data-testid="replay-body-bytes">
        <p className="notice notice--warn">
          The body is not valid UTF-8: it is shown as hex, read-only, and re-sent as its exact {bytes.length} bytes.
        </p>
        <pre className="replay-hex">{hexDump(bytes)}</pre>
      </div>
    );
  }
  const exactOnly = verdict !== null && !verdict.ok && forceEdit !== docVersion;
  const ending = lineEndingOf(opened.text);
  return (
    <>
      {exactOnly && (
        <p className="notice notice--warn row" data-testid="replay-exact-only">
          Read-only to keep its exact bytes: {verdict.ok ? '' : verdict.reason}.
          <button type="button" className="button button--small" onClick={() => setForceEdit(docVersion)} data-testid="replay-edit-anyway">
            Edit anyway
          </button>
        </p>
      )}
      {depth > MAX_CHECKED_DEPTH && (
        <p className="notice notice--warn" data-testid="replay-unchecked">
          This body is nested {depth.toLocaleString('en-US')} levels deep: the editor cannot check it against the event schema
          (its JSON checker stops at {MAX_CHECKED_DEPTH.toLocaleString('en-US')} levels), so no problems are shown for it.
        </p>
      )}
      <Suspense fallback={<div className="monaco-host replay-editor__host" />}>
        <LazyMonaco
          text={opened.text}
          docVersion={docVersion}
          readOnly={exactOnly}
          onChange={(text) => editRequest({ body: { kind: 'text', text } })}
          onSend={() => {
            if (!editor.getState().sending) void sendNow();
          }}
          onSave={() => void saveEditorDraft()}
        />
      </Suspense>
      {ending && <p className="muted replay-editor__foot">Line endings: {ending}, kept as they are.</p>}
    </>
  );
}
