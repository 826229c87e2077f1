import type { DeliveryDetail } from '../../../../shared/contract/live';
import type { SettingsView } from '../../../../shared/contract';
import { BUNDLE_KEY_ID } from '../../../../shared/contract/live-import';
import { SANDBOX_ENVIRONMENT_ID } from '../../../../shared/settings';
import { neutraliseBidi } from '../../../../shared/text/bidi';
import { hrefFor } from '../../app-state/routes';
import { Time } from '../../components/ui';
import { useSettingsView } from '../../app-state/use-settings-view';
import { bodyLabel } from './body-label';
import { duplicateRow, keptApartText } from './kept-apart';
import { SIGNATURE_CLASS } from './live-columns';

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

/** The delivery's verdict and what the listener read from it: event, duplicates, order, answer, body. */
export function DetailSignature({ detail }: { detail: DeliveryDetail }) {
  const { summary } = detail;
  const settingsView = useSettingsView();
  return (
    <section className="live-detail__section">
      <h3>Signature</h3>
      <div data-testid="verification">
        <span
          className={`badge ${SIGNATURE_CLASS[summary.signature]}`}
          data-testid="verification-outcome"
        >
          {summary.signature === 'unverifiable' ? 'cannot verify' : summary.signature}
        </span>{' '}
        {summary.signatureKeyId && (
          <span className="muted" data-testid="verification-key">
            {describeKey(settingsView, summary.signatureKeyId, summary.imported !== undefined)}{' '}
          </span>
        )}
        {summary.signature === 'missing' && <span>The X-Svc-Hmac-Sha256 header is missing.</span>}
        {summary.signature === 'no-key' && (
          <span>No webhook key is configured: add one in Settings.</span>
        )}
        {summary.diagnosis && <p data-testid="diagnosis">{summary.diagnosis.message}</p>}
      </div>
      <dl className="kv">
        <dt>Event id</dt>
        <dd>{summary.eventId ?? '—'}</dd>
        <dt>Event created</dt>
        <dd data-testid="event-created">
          {/* The sender's header: shown like every time here, as written on hover (an unreadable one as it came). */}
          {summary.eventCreated ? <Time iso={neutraliseBidi(summary.eventCreated)} ms /> : '—'}
        </dd>
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
            (summary.truncation === 'cut-off'
              ? 'none: the body never finished (the sender left, or got 408 after the request timeout)'
              : 'no answer (hang)')}
        </dd>
        <dt>Body</dt>
        <dd data-testid="body-label" data-truncation={summary.truncation ?? 'none'}>
          {bodyLabel(summary, detail.bodyStoredBytes, detail.bodySha256, detail.headers)}
        </dd>
      </dl>
    </section>
  );
}
