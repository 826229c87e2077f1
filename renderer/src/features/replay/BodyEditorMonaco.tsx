import { Editor } from '@monaco-editor/react';
import * as monaco from 'monaco-editor/editor/editor.api';
import { useEffect, useRef, useState } from 'react';
import { BASE_EDITOR_OPTIONS } from '../../components/monaco/editor-options';
import { useMonacoTheme } from '../../components/monaco/monaco-setup';
import { unknownFieldHints } from '../../../../shared/replay/event-json-schema';
import { REPLAY_MODEL_URI, registerEventSchema } from './event-schema-setup';

export interface BodyEditorProps {
  readonly text: string;
  /** Changes when the text is replaced from outside (a draft opened): the model takes it then. */
  readonly docVersion: number;
  readonly readOnly: boolean;
  readonly onChange: (text: string) => void;
  /** Ctrl/Cmd+Enter in the editor. */
  readonly onSend: () => void;
  /** Ctrl/Cmd+S in the editor. */
  readonly onSave: () => void;
}

interface Problem {
  readonly line: number;
  readonly message: string;
  readonly severity: 'error' | 'warning' | 'hint';
}

registerEventSchema();

const HINT_OWNER = 'hooklab-unknown-fields';
/** Hints need a parse with positions; beyond this size they are skipped (the schema still runs). */
const HINT_MAX_CHARS = 2 * 1024 * 1024;

function problemsOf(model: monaco.editor.ITextModel): Problem[] {
  return monaco.editor
    .getModelMarkers({ resource: model.uri })
    .sort((a, b) => a.startLineNumber - b.startLineNumber)
    .map((m) => ({
      line: m.startLineNumber,
      message: m.message,
      severity: m.severity === monaco.MarkerSeverity.Error ? 'error' : m.severity === monaco.MarkerSeverity.Warning ? 'warning' : 'hint',
    }));
}

/**
 * The body editor: Monaco on one model whose text is the body, byte for byte. Nothing edits it
 * but the user: no format on type or paste, the document's own line endings kept (Monaco keeps
 * one style per document; the caller only makes it editable when the text has one), trailing
 * whitespace kept. Format is an explicit button (an undoable edit). The event schema underlines
 * errors; unknown fields get info markers from `unknownFieldHints`.
 */
export function BodyEditorMonaco({ text, docVersion, readOnly, onChange, onSend, onSave }: BodyEditorProps) {
  const theme = useMonacoTheme();
  const editorRef = useRef<monaco.editor.IStandaloneCodeEditor | null>(null);
  const applying = useRef(false);
  const latestChange = useRef(onChange);
  latestChange.current = onChange;
  const shortcuts = useRef({ onSend, onSave });
  shortcuts.current = { onSend, onSave };
  const [problems, setProblems] = useState<Problem[]>([]);
  const [ready, setReady] = useState(false);

  // A new document from outside: replace the model's text (not on the user's own edits).
  useEffect(() => {
    const model = editorRef.current?.getModel();
    if (!model || model.getValue() === text) return;
    applying.current = true;
    model.setValue(text);
    applying.current = false;
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a new document (or the editor becoming ready) replaces the text; `text` also changes with the user's own edits
  }, [docVersion, ready]);

  const counts = { errors: problems.filter((p) => p.severity === 'error').length, hints: problems.filter((p) => p.severity === 'hint').length };
  return (
    <div className="replay-editor" data-testid="replay-body-editor" data-ready={ready} data-errors={counts.errors} data-hints={counts.hints}>
      <div className="row replay-editor__bar">
        <button
          type="button"
          className="button button--small"
          disabled={readOnly || !ready}
          onClick={() => void editorRef.current?.getAction('editor.action.formatDocument')?.run()}
          data-testid="replay-format"
          title="Re-indent the JSON (changes the bytes, so the signature)"
        >
          Format
        </button>
        <span className="muted">
          {counts.errors > 0 ? `${counts.errors} problem(s)` : 'matches the webhook event schema'}
          {counts.hints > 0 ? ` · ${counts.hints} field(s) not in the spec` : ''}
        </span>
        <span className="muted replay-editor__keys">Ctrl+Enter sends · Ctrl+S saves</span>
      </div>
      <div className="monaco-host replay-editor__host">
        <Editor
          defaultValue={text}
          path={REPLAY_MODEL_URI}
          defaultLanguage="json"
          theme={theme}
          loading={null}
          options={{
            // At the body's top or bottom the wheel scrolls the page (to the answer below).
            ...BASE_EDITOR_OPTIONS,
            readOnly,
            domReadOnly: readOnly,
            renderWhitespace: 'trailing',
            formatOnPaste: false,
            formatOnType: false,
            trimAutoWhitespace: false,
            detectIndentation: true,
          }}
          onMount={(editor) => {
            editorRef.current = editor;
            const model = editor.getModel()!;
            let hintTimer: ReturnType<typeof setTimeout> | undefined;
            const refreshHints = () => {
              clearTimeout(hintTimer);
              hintTimer = setTimeout(() => {
                const value = model.getValue();
                const hints = value.length > HINT_MAX_CHARS ? [] : unknownFieldHints(value);
                monaco.editor.setModelMarkers(
                  model,
                  HINT_OWNER,
                  hints.map((h) => {
                    const start = model.getPositionAt(h.offset);
                    const end = model.getPositionAt(h.offset + h.length);
                    return {
                      severity: monaco.MarkerSeverity.Info,
                      message: h.message,
                      startLineNumber: start.lineNumber,
                      startColumn: start.column,
                      endLineNumber: end.lineNumber,
                      endColumn: end.column,
                    };
                  }),
                );
              }, 250);
            };
            editor.addCommand(monaco.KeyMod.CtrlCmd | monaco.KeyCode.Enter, () => shortcuts.current.onSend());
            editor.addCommand(monaco.KeyMod.CtrlCmd | monaco.KeyCode.KeyS, () => shortcuts.current.onSave());
            editor.onDidChangeModelContent(() => {
              refreshHints();
              if (!applying.current) latestChange.current(model.getValue());
            });
            const markers = monaco.editor.onDidChangeMarkers((uris) => {
              if (uris.some((u) => u.toString() === model.uri.toString())) setProblems(problemsOf(model));
            });
            editor.onDidDispose(() => {
              clearTimeout(hintTimer);
              markers.dispose();
            });
            refreshHints();
            setReady(true);
          }}
        />
      </div>
      {problems.length > 0 && (
        <ul className="replay-problems" data-testid="replay-problems">
          {problems.slice(0, 30).map((p, i) => (
            <li key={i} className={`replay-problem replay-problem--${p.severity}`} data-severity={p.severity}>
              <span className="mono">line {p.line}</span> {p.message}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
