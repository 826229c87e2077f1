import { createHash } from 'node:crypto';
import { signBody } from '../../../shared/signing/hmac';
import { SIGNATURE_HEADER, type WebhookDelivery } from '../../../shared/service/webhooks';
import { historyDeliveryInput, type DeliveryInput } from '../../../shared/sequences';
import type { Pseudonyms } from '../../../shared/redaction';
import { nodeHmac } from '../../services/platform/node-hmac';
import { redactDelivery, redactText, withoutSecrets } from './redact-delivery';
import { scrubSecrets, withoutSecretQuery } from './secret-values';
import type { SharedDelivery } from './shared-delivery';

/** How a bundle treats what it holds: one set of pseudonyms and one throwaway key per file. */
export interface BundleTreatment {
  readonly redact: boolean;
  readonly pseudonyms: Pseudonyms;
  readonly signingKey: string;
  /** Signs what the sender's key did not verify: never the bundle's key, so it fails here as it failed there. */
  readonly failingKey: string;
  readonly secrets: readonly string[];
}

/**
 * The delivery as the bundle holds it: redacted (or only rid of credentials), then signed again
 * wherever a signature header arrived (same name, same place), with a Content-Length that
 * matches the bytes it now has. What the sender's key verified is signed with the bundle's key;
 * the rest with another throwaway key, so the receiver's check gives the sender's verdict (the
 * original signature never travels: it was made over the unredacted bytes). An unsigned
 * delivery stays unsigned. Verdict fields stay the sender's.
 */
export function bundled(d: SharedDelivery, t: BundleTreatment): SharedDelivery {
  const clean = t.redact ? redactDelivery(d, t.pseudonyms, t.secrets) : withoutSecrets(d, t.secrets);
  const signature = signBody(nodeHmac, d.verdict.signature === 'valid' ? t.signingKey : t.failingKey, clean.body);
  const headers = clean.headers.map(([name, value]): [string, string] => {
    const lower = name.toLowerCase();
    if (lower === SIGNATURE_HEADER) return [name, signature];
    if (lower === 'content-length') return [name, String(clean.body.length)];
    return [name, value];
  });
  return { ...clean, headers };
}

/** A delivery of the bundle's `deliveries` (docs/share.md). */
export function bundleDeliveryJson(d: SharedDelivery): object {
  const { deliveryId, ...verdict } = d.verdict;
  return {
    deliveryId,
    receivedAt: d.receivedAt,
    method: d.method,
    url: d.url,
    headers: d.headers,
    bodyBase64: Buffer.from(d.body).toString('base64'),
    bodySize: d.bodySize,
    ...verdict,
  };
}

/** A history row as the bundle holds it: its payload redacted like the deliveries, its URL rid of credentials. */
export function bundledHistoryRow(row: WebhookDelivery, t: BundleTreatment): WebhookDelivery {
  const payload = t.redact ? (redactText(row.payload, t.pseudonyms) ?? '') : row.payload;
  return { ...row, url: withoutSecretQuery(row.url), payload: scrubSecrets(payload, t.secrets) };
}

const sha256 = (bytes: Uint8Array | string) => createHash('sha256').update(bytes).digest('hex');
const parseMs = (iso: string | null) => (iso === null ? null : Number.isFinite(Date.parse(iso)) ? Date.parse(iso) : null);

/** A bundled delivery as Sequences' rules read it (the same digest kind as history rows'). */
export function liveInput(d: SharedDelivery): DeliveryInput {
  const v = d.verdict;
  return {
    ref: { source: 'live', id: d.deliveryId },
    eventId: v.eventId,
    created: v.eventCreated,
    createdMs: parseMs(v.eventCreated),
    arrivedMs: Date.parse(d.receivedAt),
    body: d.body,
    digest: sha256(d.body),
    trust: v.signature === 'valid' ? 'verified' : v.flags.includes('unverified') ? 'unverified' : 'unchecked',
  };
}

/** A bundled history row as Sequences' rules read it (the service's own log vouches for it). */
export function historyInput(row: WebhookDelivery): DeliveryInput {
  return historyDeliveryInput(row, row.payload, sha256(row.payload));
}
