import { DiffEditor } from '@monaco-editor/react';
import { useEffect, useState } from 'react';
import { useMonacoTheme } from './monaco-setup';

export interface DiffViewProps {
  readonly original: string;
  readonly modified: string;
  readonly originalLabel?: string;
  readonly modifiedLabel?: string;
  readonly language?: 'json' | 'plaintext';
  readonly height?: string | number;
  /** Test id of the host; its `data-ready` turns "true" once the diff has been computed. */
  readonly testId?: string;
  /** Side by side (default) or inline. */
  readonly inline?: boolean;
}

/**
 * A read-only diff of two texts. `data-ready="true"` and `data-changes="<n>"` appear on the
 * host once Monaco has computed the diff (in its worker), so tests wait for the real result.
 */
export function DiffView({
  original,
  modified,
  originalLabel,
  modifiedLabel,
  language = 'json',
  height = 360,
  testId = 'diff-view',
  inline = false,
}: DiffViewProps) {
  const theme = useMonacoTheme();
  const [changes, setChanges] = useState<number | null>(null);
  // New texts mean a new diff: not ready until Monaco reports it.
  useEffect(() => setChanges(null), [original, modified]);
  return (
    <div className="diff-view" data-testid={testId} data-ready={changes !== null} data-changes={changes ?? undefined}>
      {(originalLabel || modifiedLabel) && (
        <div className="diff-view__labels">
          <span>{originalLabel}</span>
          <span>{modifiedLabel}</span>
        </div>
      )}
      <div className="monaco-host" style={{ height }}>
        <DiffEditor
          original={original}
          modified={modified}
          language={language}
          theme={theme}
          loading={null}
          // The models are disposed here once the editor is gone: @monaco-editor/react disposes
          // them BEFORE the diff editor, which throws "TextModel got disposed before
          // DiffEditorWidget model got reset" on every close.
          keepCurrentOriginalModel
          keepCurrentModifiedModel
          options={{
            readOnly: true,
            originalEditable: false,
            renderSideBySide: !inline,
            minimap: { enabled: false },
            scrollBeyondLastLine: false,
            fontSize: 12,
            automaticLayout: true,
            wordWrap: 'on',
          }}
          onMount={(editor) => {
            const models = editor.getModel();
            editor.onDidDispose(() => {
              models?.original.dispose();
              models?.modified.dispose();
            });
            const report = () => setChanges(editor.getLineChanges()?.length ?? 0);
            // Fires after every diff computation, including when the texts change later.
            editor.onDidUpdateDiff(report);
            // With the worker warm, the first diff can be done before this callback runs: its
            // event is then missed, so take the result that is already there.
            if (editor.getLineChanges() !== null) report();
          }}
        />
      </div>
    </div>
  );
}
