import { WEBHOOK_HEADER_NAMES } from '../../../../shared/service/webhooks';
import { CopyButton } from '../../components/CopyButton';
import { HeaderTable } from '../../components/HeaderTable';
import { useEditorStore } from './editor-store';
import { Bytes, Notice } from '../../components/ui';

/**
 * The signature the core computed over the exact bytes to be sent, and every header with it.
 * It follows the text as it changes; "updating" shows while the newest text is being signed.
 */
export function SignaturePanel() {
  const preview = useEditorStore((s) => s.preview);
  const error = useEditorStore((s) => s.previewError);
  const stale = useEditorStore((s) => s.previewStale);
  const hasDraft = useEditorStore((s) => s.draft !== null);
  if (!hasDraft) return null;
  return (
    <section className="card replay-signature" data-testid="replay-signature-panel" data-stale={stale}>
      <h2 className="card__title row">
        {WEBHOOK_HEADER_NAMES.signature} {stale && <span className="muted replay-updating">updating…</span>}
      </h2>
      {error && (
        <p className="notice notice--error" data-testid="replay-sign-error">
          {error}
        </p>
      )}
      {preview && (
        <>
          <div className="row">
            <code className="replay-signature__value" data-testid="replay-signature">
              {preview.signature ?? '(no signature header is sent)'}
            </code>
            {preview.signature && <CopyButton text={preview.signature} testId="replay-copy-signature" />}
          </div>
          <dl className="kv replay-signature__facts">
            <dt>Key</dt>
            <dd data-testid="replay-signature-key">{preview.keyLabel ?? '—'}</dd>
            <dt>Body</dt>
            <dd>
              <Bytes bytes={preview.bodySize} /> · sha256 {preview.bodySha256.slice(0, 16)}…
            </dd>
          </dl>
          {/* The core's warnings already say "the body is not JSON": said once, here, with what it means. */}
          {!preview.json && (
            <Notice tone="warn" testId="replay-not-json">
              The body is not JSON. It is sent exactly as written, but the service only ever sends JSON.
            </Notice>
          )}
          {preview.warnings
            .filter((w) => preview.json || !w.startsWith('the body is not JSON'))
            .map((w) => (
              <Notice key={w} tone="warn" testId="replay-sign-warning">
                {w}
              </Notice>
            ))}
          <details className="replay-headers-preview">
            <summary>Headers sent ({preview.headers.length})</summary>
            <HeaderTable
              headers={preview.headers}
              testId="replay-headers-preview"
              note={(name) => preview.volatile.some((v) => v.toLowerCase() === name.toLowerCase()) && <span className="muted"> (new at each send)</span>}
            />
          </details>
        </>
      )}
      {!preview && !error && <p className="muted">Signing…</p>}
    </section>
  );
}
