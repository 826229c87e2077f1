import { useState } from 'react';
import type { CallArgs } from '../../../../shared/contract';
import { useTransport } from '../../transport';
import type { EditorStore } from './create-editor-store';
import { download } from '../../lib/download';

type Format = 'curl' | 'fetch' | 'fixture';
type Source = CallArgs<'replay.export'>['source'];

/**
 * Export a request: cURL (exact bytes, every header), a Node fetch() snippet, or a fixture file
 * (headers, body as Base64 and text, signature, key label; never the key). Built by the core.
 */
export function ExportPanel({ source, testId = 'replay-export' }: { source: () => Source | null; testId?: string }) {
  const transport = useTransport();
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);
  const run = async (format: Format) => {
    const from = source();
    if (!from) return;
    setMessage(null);
    try {
      const { text, fileName } = await transport.call('replay.export', { format, source: from });
      if (format === 'fixture') {
        download(text, fileName);
        setMessage({ text: `Saved ${fileName}.`, error: false });
      } else {
        await navigator.clipboard.writeText(text);
        setMessage({ text: format === 'curl' ? 'cURL command copied.' : 'fetch() snippet copied.', error: false });
      }
    } catch (e) {
      setMessage({ text: (e as Error).message, error: true });
    }
  };
  return (
    <div className="row replay-export" data-testid={testId}>
      <button type="button" className="button button--small" onClick={() => void run('curl')} data-testid={`${testId}-curl`}>
        Copy as cURL
      </button>
      <button type="button" className="button button--small" onClick={() => void run('fetch')} data-testid={`${testId}-fetch`}>
        Copy as fetch()
      </button>
      <button type="button" className="button button--small" onClick={() => void run('fixture')} data-testid={`${testId}-fixture`}>
        Save as fixture
      </button>
      {message && (
        <span className={message.error ? 'notice notice--error' : 'muted'} data-testid={`${testId}-message`}>
          {message.text}
        </span>
      )}
    </div>
  );
}

/** The editor's request as an export source. */
export function editorExportSource(editor: EditorStore): Source | null {
  const s = editor.getState();
  if (!s.draft) return null;
  return { kind: 'request', request: s.request, targetUrl: s.targetUrl, origin: s.draft.origin };
}
