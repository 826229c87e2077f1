import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { signBody } from '../../../../../../shared/signing';
import { nodeHmac } from '../../../../../../electron/services/platform/node-hmac';
import { startTestApp, type TestApp } from '../../../../../support/app-harness';
import { hooklabInProcess } from '../../../../../support/hooklab-in-process';
import { keyedHandler, type KeyedHandler } from '../../../../../support/keyed-handler';
import { tempDirs } from '../../../../../support/temp-dirs';
import { MemorySecretStore } from '../../../../../../electron/services/secrets/secret-store';
import { post } from '../live-helpers';
import { openFolderToRead } from '../../../../../../electron/hosts/data-folder/open-folder';
import { quietLogger } from '../../../../../../electron/hosts/cli/framework/session';

const SENDER_KEY = 'the-senders-real-store-key';
const THROWAWAY = 'bundle-throwaway-key-3f9a';
const ORDER = 'ord-bundle-1';
const newDir = tempDirs('hooklab-bundle-');

const apps: TestApp[] = [];
const handlers: KeyedHandler[] = [];
afterEach(async () => {
  for (const a of apps.splice(0)) await a.close();
  for (const h of handlers.splice(0)) await h.close();
});

async function app(key: string | null): Promise<TestApp> {
  const secrets = new MemorySecretStore();
  if (key) secrets.set('webhookKey:k1', key);
  const started = await startTestApp({ secrets, settings: { listener: { port: 0, keys: key ? [{ id: 'k1', label: 'store', addedAt: '2024-01-01T00:00:00Z' }] : [] } } });
  apps.push(started);
  return started;
}

const event = (type: string, metadata: Record<string, unknown> | null = null) =>
  JSON.stringify({ orderId: ORDER, orderReference: 'INV-1', orderType: 'FASTLINK_CHARGE', description: type, level: 'Info', type, metadata });

/** An order of 12 deliveries: retries, one out of order, one forged (unsigned) and one with a wrong signature. */
const SENT: Array<{ type: string; id: number; minute: number; signed: 'yes' | 'no' | 'wrong'; metadata?: Record<string, unknown> }> = [
  { type: 'Created', id: 81001, minute: 0, signed: 'yes' },
  { type: 'Updated', id: 81002, minute: 1, signed: 'yes' },
  { type: 'Updated', id: 81002, minute: 1, signed: 'yes' },
  { type: 'ThreeDSecureAuthSucceeded', id: 81004, minute: 3, signed: 'yes' },
  { type: 'Updated', id: 81003, minute: 2, signed: 'yes' },
  { type: 'SuccessPayment', id: 81005, minute: 4, signed: 'yes', metadata: { PaidAmount: '10.00' } },
  { type: 'SuccessPayment', id: 81005, minute: 4, signed: 'yes', metadata: { PaidAmount: '10.00' } },
  { type: 'SuccessPayment', id: 81009, minute: 5, signed: 'no', metadata: { PaidAmount: '99.00' } },
  { type: 'Finalized', id: 81006, minute: 6, signed: 'wrong' },
  { type: 'Updated', id: 81007, minute: 7, signed: 'yes' },
  { type: 'Finalized', id: 81008, minute: 8, signed: 'yes' },
  { type: 'Finalized', id: 81008, minute: 8, signed: 'yes' },
];

/** A bundle as docs/share.md describes it, made from what the sender's listener stored (live.export). */
async function bundleFrom(sender: TestApp): Promise<object> {
  const page = await sender.call('live.export', { afterId: 0, limit: 100 });
  const rows = page.ndjson.trim().split('\n').map((l) => JSON.parse(l) as { id: number; receivedAt: string; method: string; path: string; headers: Array<[string, string]>; bodyBase64: string; signature: string; eventId: number | null; eventCreated: string | null; eventType: string | null; orderId: string | null; duplicateOf: number | null; outOfOrder: boolean });
  return {
    format: 'hooklab-bundle',
    version: 1,
    note: 'The second SuccessPayment is a forgery; our handler paid twice.',
    createdAt: new Date().toISOString(),
    signingKey: THROWAWAY,
    redacted: false,
    deliveries: rows.map((r) => ({
      deliveryId: r.id,
      receivedAt: r.receivedAt,
      method: r.method,
      url: `https://abc.loca.lt${r.path}`,
      // Valid deliveries re-signed with the throwaway key; the others keep what made them fail.
      headers: r.headers.map(([n, v]) => [n, n.toLowerCase() === 'x-svc-hmac-sha256' && r.signature === 'valid' ? signBody(nodeHmac, THROWAWAY, Buffer.from(r.bodyBase64, 'base64')) : v]),
      bodyBase64: r.bodyBase64,
      signature: r.signature,
      signatureCause: null,
      eventId: r.eventId,
      eventCreated: r.eventCreated,
      eventType: r.eventType,
      orderId: r.orderId,
      duplicateOf: r.duplicateOf,
      flags: r.outOfOrder ? ['out-of-order'] : [],
    })),
    history: [],
    sequences: [],
    forwards: [],
    traces: [],
  };
}

/** A keyed handler, closed after the test. */
async function handlerKeyed(key: string): Promise<KeyedHandler> {
  const handler = await keyedHandler(key);
  handlers.push(handler);
  return handler;
}

describe('a .hooklab bundle, opened by a teammate', () => {
  it('opened in a fresh data folder gives the states and flags the sender saw, marked imported; scenario run signs with its key', async () => {
    const sender = await app(SENDER_KEY);
    const listenerUrl = (await sender.call('app.status', {})).listener.url!;
    for (const e of SENT) {
      const body = event(e.type, e.metadata ?? null);
      await post(listenerUrl, body, {
        'Content-Type': 'application/json',
        'X-Svc-Event-Id': String(e.id),
        'X-Svc-Event-Created': new Date(Date.UTC(2026, 1, 1, 10, e.minute)).toISOString(),
        ...(e.signed === 'yes' ? { 'X-Svc-Hmac-Sha256': signBody(nodeHmac, SENDER_KEY, body) } : e.signed === 'wrong' ? { 'X-Svc-Hmac-Sha256': signBody(nodeHmac, 'not-the-key', body) } : {}),
      });
    }
    const seen = await sender.call('sequences.get', { orderId: ORDER });
    expect(seen.flags.length).toBeGreaterThan(0);
    const bundle = await bundleFrom(sender);
    const file = join(newDir(), 'order-ord-bundle-1.hooklab');
    writeFileSync(file, JSON.stringify(bundle, null, 2));
    expect(JSON.stringify(bundle)).not.toContain(SENDER_KEY);

    const teammate = await app(null);
    const outcome = await teammate.call('live.import', { path: file });
    expect(outcome).toMatchObject({ kind: 'bundle', count: SENT.length, verdictsDiffering: 0, note: 'The second SuccessPayment is a forgery; our handler paid twice.' });
    const opened = await teammate.call('sequences.get', { orderId: ORDER });
    expect(opened.summary).toEqual(seen.summary);
    expect(opened.flags.map((f) => [f.kind, f.message])).toEqual(seen.flags.map((f) => [f.kind, f.message]));
    expect(opened.events.map((e) => [e.type, e.signature, e.copies])).toEqual(seen.events.map((e) => [e.type, e.signature, e.copies]));
    const listed = (await teammate.call('live.list', { limit: 50 })).rows;
    expect(listed.every((r) => r.imported?.fileName === 'order-ord-bundle-1.hooklab')).toBe(true);
    expect(listed.map((r) => r.signature).reverse()).toEqual(SENT.map((e) => (e.signed === 'yes' ? 'valid' : e.signed === 'no' ? 'missing' : 'invalid')));
    // The throwaway key judged them, and Replay signs the bundle's deliveries with it: kept as a
    // Replay key (its value in the secrets), never in settings, never in what a window reads.
    expect(JSON.stringify(await teammate.call('settings.get', {}))).not.toContain(THROWAWAY);
    const replayKeys = await teammate.call('replay.keys', {});
    expect(JSON.stringify(replayKeys)).not.toContain(THROWAWAY);
    const draft = await teammate.call('replay.open', { from: { kind: 'received', id: outcome.firstId! } });
    expect(JSON.stringify(draft)).not.toContain(THROWAWAY);
    expect(draft.name).toMatch(/^Imported #/);
    expect(draft.request.key.kind).toBe('throwaway');
    expect(JSON.stringify(replayKeys)).toContain('bundle key · order-ord-bundle-1.hooklab');
    const inApp = await handlerKeyed(THROWAWAY);
    const sent = await teammate.call('replay.send', { request: draft.request, targetUrl: inApp.url });
    expect(sent.replays[0]!.summary.status).toBe(200);
    expect(inApp.verdicts).toEqual([true]);

    const handler = await handlerKeyed(THROWAWAY);
    const run = await hooklabInProcess(['scenario', 'run', file, '--to', handler.url, '--speed', 'max', '--data-dir', newDir()], { cwd: newDir() });
    expect(run.stderr).toContain("signing with the bundle's own key (signingKey)");
    expect(run.code).toBe(0);
    expect(handler.verdicts).toHaveLength(SENT.length);
    expect(handler.verdicts.every(Boolean)).toBe(true);
  }, 60_000);

  it('HOOKLAB_WEBHOOK_KEY wins over the bundle key', async () => {
    const file = join(newDir(), 'b.hooklab');
    writeFileSync(file, JSON.stringify({ format: 'hooklab-bundle', version: 1, signingKey: THROWAWAY, deliveries: [{ receivedAt: '2026-01-01T00:00:00Z', method: 'POST', url: 'https://x.test/webhooks', headers: [['Content-Type', 'application/json']], bodyBase64: Buffer.from(event('Created')).toString('base64') }] }));
    const handler = await handlerKeyed('my-own-handler-key');
    const run = await hooklabInProcess(['scenario', 'run', file, '--to', handler.url, '--speed', 'max', '--data-dir', newDir()], { cwd: newDir(), env: { HOOKLAB_WEBHOOK_KEY: 'my-own-handler-key' } });
    expect(run.code).toBe(0);
    expect(handler.verdicts).toEqual([true]);
  });

  it('--folder-key signs with the data folder\'s current key instead', async () => {
    const file = join(newDir(), 'b.hooklab');
    writeFileSync(file, JSON.stringify({ format: 'hooklab-bundle', version: 1, signingKey: THROWAWAY, deliveries: [{ receivedAt: '2026-01-01T00:00:00Z', method: 'POST', url: 'https://x.test/webhooks', headers: [['Content-Type', 'application/json']], bodyBase64: Buffer.from(event('Created')).toString('base64') }] }));
    const dataDir = newDir();
    const core = openFolderToRead(dataDir, { version: '0.0.0', log: quietLogger() });
    expect((await core.invoke('live.addKey', { label: 'mine', value: 'my-folder-key', environmentId: null })).ok).toBe(true);
    await core.stop();
    const handler = await handlerKeyed('my-folder-key');
    const run = await hooklabInProcess(['scenario', 'run', file, '--folder-key', '--to', handler.url, '--speed', 'max', '--data-dir', dataDir], { cwd: newDir() });
    expect(run.stderr).toContain(`signing with the data folder's current key “mine”`);
    expect(run.code).toBe(0);
    expect(handler.verdicts).toEqual([true]);
  });
});
