import { useCallback, useMemo, useState } from 'react';
import type { DeliveryDetail } from '../../../../shared/contract/live';
import { CopyButton } from '../../components/CopyButton';
import { HeaderTable } from '../../components/HeaderTable';
import { DeliveryActions } from './DeliveryActions';
import { useStatusStore } from '../../app-state/status-store';
import { hexDump, listenerCurlUrl, toCurl } from '../../lib/curl';
import { BODY_MORE_BYTES, useBodyParts } from './use-body-parts';
import { formatBytes } from '../../lib/format';
import { useSettingsView } from '../../app-state/use-settings-view';
import { bodyLabel } from './body-label';
import { SIGNATURE_CLASS } from './live-columns';
import { SANDBOX_ENVIRONMENT_ID } from '../../../../shared/settings';
import { tooDeepToParse } from '../../../../shared/signing/json-depth';
import { whyNotPretty } from '../../../../shared/text/json-nesting';
import { neutraliseBidi } from '../../../../shared/text/bidi';
import type { SettingsView } from '../../../../shared/contract';
import { Highlighted } from '../../components/highlight/Highlighted';
import { DeliveryLinks } from './DeliveryLinks';
import { WhyPanel } from '../../components/why/WhyPanel';
import { hrefFor } from '../../app-state/routes';
import { is2xx } from '../../../../shared/http/status';
import { TraceWaterfall } from '../../components/trace/TraceWaterfall';
import { Notice, Time } from '../../components/ui';
import { duplicateRow, keptApartText } from './kept-apart';
import { BUNDLE_KEY_ID } from '../../../../shared/contract/live-import';

/** "key “label” · environment" for the key that verified (or explains) a signature. */
function describeKey(view: SettingsView | null, keyId: string, imported: boolean): string {
  if (imported && keyId === BUNDLE_KEY_ID) return "the bundle's own key (signingKey)";
  const key = view?.settings.listener.keys.find((k) => k.id === keyId);
  if (!key) return `key ${keyId}`;
  const env =
    key.environmentId === SANDBOX_ENVIRONMENT_ID
      ? 'Sandbox'
      : (view!.settings.environments.live.find((e) => e.id === key.environmentId)?.name ?? null);
  return `key “${key.label || key.id}”${env ? ` · ${env}` : ''}`;
}

type BodyView = 'raw' | 'pretty' | 'hex';

/**
 * Everything about the selected delivery: verdict, headers, exact body, forward results, links
 * to the related views; the terms of the current search are marked in headers and body.
 */
export function DeliveryDetailPane({ detail, search = '' }: { detail: DeliveryDetail; search?: string }) {
  const { summary } = detail;
  const settingsView = useSettingsView();
  const listenerUrl = useStatusStore((s) => s.status?.listener.url ?? 'http://127.0.0.1:4780/');
  const body = useBodyParts(detail);
  const { bytes, text } = body;
  // Bounded: a small body nested thousands deep would pretty-print to tens of MB of indents.
  const noPretty = useMemo(() => (text === null ? null : whyNotPretty(text)), [text]);
  // Pretty printing needs the whole document: a part of one is shown raw.
  const pretty = useMemo(() => {
    if (!body.complete || text === null || noPretty !== null || tooDeepToParse(text)) return null;
    try {
      return JSON.stringify(JSON.parse(text), null, 2);
    } catch {
      return null;
    }
  }, [body.complete, text, noPretty]);
  const [view, setView] = useState<BodyView>('pretty');
  const shown: BodyView = text === null ? 'hex' : view === 'pretty' && pretty === null ? 'raw' : view;
  const curlOf = useCallback(
    (all: Uint8Array) => toCurl({ url: listenerCurlUrl(listenerUrl, summary.path), method: summary.method, headers: detail.headers, body: all }),
    [summary.path, summary.method, listenerUrl, detail.headers],
  );
  // With part of the body loaded, the copy loads the rest first: a cURL must send it all.
  const { complete, all } = body;
  const curl = useMemo(() => (complete ? curlOf(bytes) : async () => curlOf(await all())), [complete, all, bytes, curlOf]);

  return (
    <div className="live-detail" data-testid="delivery-detail" data-delivery-id={summary.id}>
      <div className="row live-detail__title">
        <strong>
          #{summary.id} {summary.method} {neutraliseBidi(summary.path)}
        </strong>
        <Time iso={summary.receivedAt} ms className="muted" />
        <CopyButton text={curl} label="Copy as cURL" testId="copy-curl" />
      </div>
      {summary.imported && (
        <Notice testId="imported-from">
          Imported from <strong>{summary.imported.fileName}</strong>, never received by this listener: History's reconciliation does not count it. Its
          signature was checked here with this folder's keys.
        </Notice>
      )}
      <DeliveryActions summary={summary} />

      <DeliveryLinks summary={summary} />
      <WhyPanel key={summary.id} target={{ kind: 'delivery', id: summary.id }} testIdPrefix="live" />

      <section className="live-detail__section">
        <h3>Signature</h3>
        <div data-testid="verification">
          <span className={`badge ${SIGNATURE_CLASS[summary.signature]}`} data-testid="verification-outcome">
            {summary.signature === 'unverifiable' ? 'cannot verify' : summary.signature}
          </span>{' '}
          {summary.signatureKeyId && (
            <span className="muted" data-testid="verification-key">
              {describeKey(settingsView, summary.signatureKeyId, summary.imported !== undefined)}{' '}
            </span>
          )}
          {summary.signature === 'missing' && <span>The X-Svc-Hmac-Sha256 header is missing.</span>}
          {summary.signature === 'no-key' && <span>No webhook key is configured: add one in Settings.</span>}
          {summary.diagnosis && <p data-testid="diagnosis">{summary.diagnosis.message}</p>}
        </div>
        <dl className="kv">
          <dt>Event id</dt>
          <dd>{summary.eventId ?? '—'}</dd>
          <dt>Event created</dt>
          <dd>{summary.eventCreated ?? '—'}</dd>
          {summary.unverified && (
            <>
              <dt>Kept apart</dt>
              <dd className="kv__prose" data-testid="unverified-note">
                {keptApartText(summary)}
              </dd>
            </>
          )}
          <dt>{duplicateRow(summary).label}</dt>
          <dd data-testid="duplicate-of">
            {summary.duplicateOf !== null ? (
              <a href={hrefFor('live', String(summary.duplicateOf))} data-testid="link-duplicate-of">
                #{summary.duplicateOf}
              </a>
            ) : (
              duplicateRow(summary).none
            )}
          </dd>
          <dt>Out of order</dt>
          <dd>{summary.outOfOrder ? 'yes: a later event of this order arrived before it' : 'no'}</dd>
          <dt>Answered</dt>
          <dd>
            {summary.answeredStatus ??
              (summary.truncation === 'cut-off' ? 'none: the body never finished (the sender left, or got 408 after the request timeout)' : 'no answer (hang)')}
          </dd>
          <dt>Body</dt>
          <dd data-testid="body-label" data-truncation={summary.truncation ?? 'none'}>
            {bodyLabel(summary, detail.bodyStoredBytes, detail.bodySha256, detail.headers)}
          </dd>
        </dl>
      </section>

      <section className="live-detail__section">
        <h3>Headers</h3>
        <HeaderTable headers={detail.headers} testId="detail-headers" search={search} />
      </section>

      <section className="live-detail__section">
        <h3 className="row">
          Body
          {(['pretty', 'raw', 'hex'] as const).map((v) => (
            <button
              key={v}
              type="button"
              className={`button button--small${shown === v ? ' button--primary' : ''}`}
              disabled={(v !== 'hex' && text === null) || (v === 'pretty' && pretty === null)}
              onClick={() => setView(v)}
              data-testid={`body-view-${v}`}
            >
              {v}
            </button>
          ))}
          {text === null && <span className="muted">not UTF-8: shown as hex</span>}
          {noPretty !== null && (
            <span className="muted" data-testid="body-no-pretty">
              No pretty view: {noPretty}
            </span>
          )}
        </h3>
        {!body.complete && (
          <p className="row muted" data-testid="body-partial">
            Showing the first {bytes.length.toLocaleString('en-US')} of {body.storedBytes.toLocaleString('en-US')} bytes{shown !== 'hex' ? ' (pretty needs the whole body)' : ''}.
            <button type="button" className="button button--small" disabled={body.loading} onClick={body.more} data-testid="body-more">
              Show {formatBytes(Math.min(BODY_MORE_BYTES, body.storedBytes - bytes.length))} more
            </button>
            <button type="button" className="button button--small" disabled={body.loading} onClick={() => void body.all().catch(() => undefined)} data-testid="body-all">
              Show all ({formatBytes(body.storedBytes)})
            </button>
            {body.loading && <span>loading…</span>}
          </p>
        )}
        {body.error && <p className="notice notice--error">Loading the body failed: {body.error}</p>}
        <pre className="live-detail__body" data-testid="detail-body">
          {shown === 'hex' ? hexDump(bytes) : <Highlighted text={(shown === 'pretty' ? pretty : text) ?? ''} search={search} />}
        </pre>
      </section>

      <section className="live-detail__section">
        {/* An imported delivery was never forwarded here: its results are what the sender's handlers answered (the file's forwards). */}
        <h3 data-testid="forwards-title">{summary.imported ? "What the sender's handler answered" : 'Forwarded to'}</h3>
        {detail.forwards.length === 0 ? (
          <p className="muted">{summary.imported ? 'The file does not say (the sender did not forward it, or the file is not a Hooklab export).' : 'Not forwarded (no forward targets, or not yet answered).'}</p>
        ) : (
          detail.forwards.map((f, i) => (
            <div key={i} className="live-forward" data-testid="forward-result">
              <div className="row">
                <code>{f.target}</code>
                <span className={`badge ${is2xx(f.status) ? 'badge--ok' : 'badge--error'}`}>{f.status ?? 'error'}</span>
                {f.latencyMs !== null && <span className="muted">{f.latencyMs} ms</span>}
                {f.error && <span className="live-detail__error">{f.error}</span>}
              </div>
              {f.body ? <pre className="live-detail__body live-detail__body--small">{f.body}</pre> : null}
              {f.status !== null && !summary.imported && (
                <details className="live-forward__trace" open data-testid="forward-trace">
                  <summary>What the handler did (trace)</summary>
                  <TraceWaterfall traceId={f.traceId} />
                </details>
              )}
            </div>
          ))
        )}
      </section>
    </div>
  );
}
