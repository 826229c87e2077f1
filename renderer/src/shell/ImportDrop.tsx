import { useEffect, useState } from 'react';
import { Notice } from '../components/ui';
import { useImport, useImportStore } from '../app-state/import-store';

const hasFiles = (e: DragEvent) => Array.from(e.dataTransfer?.types ?? []).includes('Files');

/**
 * Drag and drop onto the window: a HAR or a .hooklab bundle dropped anywhere is imported (one
 * file at a time), with an overlay while it is held over the window and one line after.
 */
export function ImportDrop() {
  const importer = useImport();
  const [over, setOver] = useState(false);
  useEffect(() => {
    // dragenter/dragleave fire for every child crossed: a counter says when the window is left.
    let depth = 0;
    const enter = (e: DragEvent) => {
      if (!hasFiles(e)) return;
      depth += 1;
      setOver(true);
    };
    const leave = (e: DragEvent) => {
      if (!hasFiles(e)) return;
      depth = Math.max(0, depth - 1);
      if (depth === 0) setOver(false);
    };
    const overWindow = (e: DragEvent) => {
      // Without this the browser opens the file in place of the app.
      if (hasFiles(e)) e.preventDefault();
    };
    const drop = (e: DragEvent) => {
      if (!hasFiles(e)) return;
      e.preventDefault();
      depth = 0;
      setOver(false);
      const file = e.dataTransfer?.files[0];
      if (file) void importer.importFile(file);
    };
    window.addEventListener('dragenter', enter);
    window.addEventListener('dragleave', leave);
    window.addEventListener('dragover', overWindow);
    window.addEventListener('drop', drop);
    return () => {
      window.removeEventListener('dragenter', enter);
      window.removeEventListener('dragleave', leave);
      window.removeEventListener('dragover', overWindow);
      window.removeEventListener('drop', drop);
    };
  }, [importer]);
  return (
    <>
      {over && (
        <div className="import-drop" data-testid="import-drop">
          <div className="import-drop__box">
            <strong>Drop to import</strong>
            <span>A HAR (Hooklab, ngrok, HTTP Toolkit, a browser) or a .hooklab bundle: shown in Live marked imported, never counted as received.</span>
          </div>
        </div>
      )}
      <ImportResult />
    </>
  );
}

/** One line about the last import, until dismissed. */
function ImportResult() {
  const importer = useImport();
  const state = useImportStore();
  if (state.kind === 'idle') return null;
  const dismiss = (
    <button type="button" className="button button--quiet" onClick={importer.dismiss} data-testid="import-dismiss">
      Dismiss
    </button>
  );
  if (state.kind === 'busy') return <Notice testId="import-result" className="notice import-result">Importing {state.fileName}…</Notice>;
  if (state.kind === 'refused') {
    return (
      <Notice tone="error" testId="import-result" className="notice notice--error import-result" action={dismiss}>
        {state.message}
      </Notice>
    );
  }
  const { outcome } = state;
  const verdicts = Object.entries(outcome.verdicts).map(([v, n]) => `${n} ${v}`).join(', ');
  return (
    <Notice tone="ok" testId="import-result" className="notice notice--ok import-result" action={dismiss}>
      Imported {outcome.count} request{outcome.count === 1 ? '' : 's'} from {outcome.fileName} ({outcome.kind === 'bundle' ? 'bundle' : 'HAR'}
      {verdicts ? `: ${verdicts}` : ''}), marked imported in Live.
      {outcome.verdictsDiffering > 0 && ` ${outcome.verdictsDiffering} judged otherwise here than by the sender (your keys differ).`}
      {outcome.note && <span className="import-result__note"> Note from the sender: “{outcome.note}”</span>}
    </Notice>
  );
}
