import { useRef } from 'react';
import { useImport, useImportStore } from '../../app-state/import-store';

/**
 * Live's Import…: a HAR or a .hooklab bundle picked from disk (the same import as dropping it
 * onto the window, and as File → Import in the desktop app).
 */
export function ImportButton() {
  const importer = useImport();
  const input = useRef<HTMLInputElement>(null);
  const busy = useImportStore((s) => s.kind === 'busy');
  return (
    <>
      <button
        type="button"
        className="button"
        disabled={busy}
        onClick={() => input.current?.click()}
        title="Import a HAR (Hooklab, ngrok, HTTP Toolkit, a browser) or a .hooklab bundle; or drop it onto the window"
        data-testid="live-import"
      >
        Import…
      </button>
      <input
        ref={input}
        type="file"
        accept=".har,.hooklab,.json,application/json"
        hidden
        data-testid="live-import-file"
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (file) void importer.importFile(file);
        }}
      />
    </>
  );
}
