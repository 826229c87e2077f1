import { describe, expect, it } from 'vitest';
import { deriveOrder, parseDelivery } from '../../../../../shared/sequences';
import { signBody } from '../../../../../shared/signing/hmac';
import { HistoryStore } from '../../../../../electron/services/data/history-store';
import { nodeHmac } from '../../../../../electron/services/platform/node-hmac';
import { closedAfterEach } from '../../../../support/closed-after-each';
import type { TestApp } from '../../../../support/app-harness';
import { BUYER, ORDER, orderEvents, SECRETS, storeOrder } from './order-fixture';
import { ended, readExport, SENDER_KEY, startShareApp } from './share-helpers';

const closeAfter = closedAfterEach();

async function bundleOf(app: TestApp, args: object = {}): Promise<{ text: string; bundle: Bundle }> {
  const { jobId } = await app.call('share.exportBundle', { selection: { orderId: ORDER }, note: 'Order stuck after payment', ...args });
  expect(await ended(app, jobId)).toMatchObject({ state: 'done' });
  const { text } = await readExport(app, jobId);
  return { text, bundle: JSON.parse(text) as Bundle };
}

interface Bundle {
  format: string;
  version: number;
  note: string;
  signingKey: string;
  redacted: boolean;
  deliveries: Array<{ deliveryId: number; headers: Array<[string, string]>; bodyBase64: string; signature: string; flags: string[]; duplicateOf: number | null; eventId: number }>;
  history: Array<{ eventId: number; payload: string }>;
  sequences: Array<{ orderId: string; detail: { summary: { status: string; flags: number }; flags: Array<{ kind: string }>; payment: { buyer: { name: string } } | null } }>;
  forwards: Array<{ deliveryId: number; results: Array<{ body: string | null; headers: Array<[string, string]> }> }>;
}

async function appWithOrder(): Promise<TestApp> {
  return storeOrder(closeAfter(await startShareApp()));
}

describe('share.exportBundle', () => {
  it('redacted by default: no literal of the buyer, no key, token or secret; the same states and flags; what the sender verified verifies with signingKey, nothing else does', async () => {
    const app = await appWithOrder();
    const { text, bundle } = await bundleOf(app);
    expect(bundle).toMatchObject({ format: 'hooklab-bundle', version: 1, note: 'Order stuck after payment', redacted: true });
    expect(bundle.deliveries).toHaveLength(13);
    for (const literal of [BUYER.name, BUYER.phone, BUYER.email, SENDER_KEY, SECRETS.apiSecret, SECRETS.controlToken, 'abcdefgh12345678']) {
      expect(text).not.toContain(literal);
      // Inside the Base64 bodies too.
      for (const d of bundle.deliveries) expect(Buffer.from(d.bodyBase64, 'base64').toString()).not.toContain(literal);
    }
    expect(text).not.toContain(Buffer.from(SENDER_KEY).toString('base64'));

    // Re-signed: each body the sender's key verified verifies with the bundle's key, the others
    // do not (the verdict stays the sender's), and no signature is the sender's own.
    for (const d of bundle.deliveries) {
      const signature = d.headers.find(([n]) => n === 'X-Svc-Hmac-Sha256')![1];
      expect(signature === signBody(nodeHmac, bundle.signingKey, Buffer.from(d.bodyBase64, 'base64'))).toBe(d.signature === 'valid');
      expect(d.headers.find(([n]) => n === 'Content-Length')![1]).toBe(String(Buffer.from(d.bodyBase64, 'base64').length));
    }
    // The wrongly signed delivery's own signature (share-helpers signs it with this key) stays out.
    expect(text).not.toContain(signBody(nodeHmac, 'another-key-entirely', Buffer.from(orderEvents()[3]!.body)));
    expect(bundle.deliveries.map((d) => d.signature)).toEqual(Array.from({ length: 13 }, (_, i) => (i === 3 ? 'invalid' : 'valid')));
    expect(bundle.deliveries[12]!.duplicateOf).toBe(bundle.deliveries[9]!.deliveryId);

    // The sequence the sender derived from the unredacted data, the same as the bundle's.
    const sender = await senderOrder(app);
    const shared = bundle.sequences.find((s) => s.orderId === ORDER)!.detail;
    expect(shared.summary.status).toBe(sender.summary.status);
    expect(shared.flags.map((f) => f.kind)).toEqual(sender.flags.map((f) => f.kind));
    expect(shared.payment!.buyer.name).not.toBe(BUYER.name);
    expect(bundle.history).toHaveLength(12);
    expect(bundle.forwards[0]!.results[0]!.headers).toEqual([['Set-Cookie', '[redacted]']]);
  });

  it('--no-redact keeps the buyer but still holds no key, token or secret', async () => {
    const app = await appWithOrder();
    const { text, bundle } = await bundleOf(app, { redact: false });
    expect(bundle.redacted).toBe(false);
    expect(Buffer.from(bundle.deliveries[9]!.bodyBase64, 'base64').toString()).toContain(BUYER.email);
    for (const literal of [SENDER_KEY, SECRETS.apiSecret, SECRETS.controlToken, 'abcdefgh12345678']) expect(text).not.toContain(literal);
  });
});

/** The order as the sender's Sequences derives it from what was stored (unredacted). */
async function senderOrder(app: TestApp) {
  const store = app.core.ctx.data.deliveries;
  const rows = store.exportRows({ afterId: 0, limit: 100, orderId: ORDER });
  const history = new HistoryStore(app.core.ctx.data.db).list(app.core.ctx.config.environments.activeInfo().id, { afterId: 0, limit: 100 });
  const inputs = [
    ...rows.map((r) =>
      parseDelivery({ ref: { source: 'live', id: r.summary.id }, eventId: r.summary.eventId, created: r.summary.eventCreated, createdMs: Date.parse(r.summary.eventCreated!), arrivedMs: Date.parse(r.summary.receivedAt), body: r.body, digest: r.sha256, trust: r.summary.signature === 'valid' ? 'verified' : 'unverified' }),
    ),
    ...history.map((h) => parseDelivery({ ref: { source: 'history', id: h.id }, eventId: h.eventId, created: h.eventCreated, createdMs: Date.parse(h.eventCreated), arrivedMs: Date.parse(h.created), body: h.payload, trust: 'verified' })),
  ];
  return deriveOrder(ORDER, inputs, app.core.ctx.runtime.clock.now());
}
