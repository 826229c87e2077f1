import { fileURLToPath } from 'node:url';
import type { CallResult, JobProgress } from '../../../../../shared/contract';
import { serviceDeliveryHeaders } from '../../../../../shared/signing/webhook-headers';
import { headerPairs, judgeDelivery, type JudgeContext } from '../../../../../electron/features/live/listener/judge';
import { createShareExportFeature } from '../../../../../electron/features/share-export/feature';
import { nodeHmac } from '../../../../../electron/services/platform/node-hmac';
import type { IncomingDelivery } from '../../../../../electron/services/data/received-delivery';
import { MemorySecretStore } from '../../../../../electron/services/secrets/secret-store';
import { startTestApp, type TestApp } from '../../../../support/app-harness';

/** The sender's store key: no shared file may hold it. */
export const SENDER_KEY = 'whsec_sender_store_key_7Qm2xZ9pL4';

const CONTEXT: JudgeContext = {
  keys: [{ id: 'k1', label: 'store', accepted: true, value: SENDER_KEY }],
  answers: { answer: { status: 200, delayMs: 0, body: '', hang: false }, rules: [] },
  passThrough: false,
};

export interface Arrival {
  readonly body: Uint8Array | string;
  /** Signed with the sender's key (default), a wrong key, or not at all. */
  readonly signing?: 'sender' | 'wrong' | 'none';
  readonly eventId?: number;
  readonly extraHeaders?: Array<[string, string]>;
  readonly receivedAtMs?: number;
}

/** A delivery judged as the listener judges one (the sender's key configured). */
export function judged(a: Arrival): IncomingDelivery {
  const bytes = typeof a.body === 'string' ? Buffer.from(a.body) : Buffer.from(a.body);
  const event = { eventId: a.eventId === undefined ? null : String(a.eventId), eventCreated: a.eventId === undefined ? null : '2026-11-28T10:00:00.000Z' };
  const signing = a.signing ?? 'sender';
  const signed = serviceDeliveryHeaders(nodeHmac, signing === 'wrong' ? 'another-key-entirely' : SENDER_KEY, bytes, event).filter(
    ([name]) => signing !== 'none' || name !== 'X-Svc-Hmac-Sha256',
  );
  const headers = [['Host', 'hooks.example.test'], ...signed, ['Content-Length', String(bytes.length)], ...(a.extraHeaders ?? [])].flat();
  return judgeDelivery(
    { receivedAtMs: a.receivedAtMs ?? Date.parse('2026-11-28T10:00:01.000Z'), method: 'POST', path: '/webhooks', headers: headerPairs(headers), body: bytes, bodySize: bytes.length, truncation: null },
    CONTEXT,
    nodeHmac,
  );
}

/** The n-th of 10,000 arrivals: signed events, every 7th a resend (duplicate), every 11th wrongly signed, every 13th not UTF-8, every 17th unsigned. */
export function arrival(n: number): Arrival {
  if (n % 13 === 0) return { body: Uint8Array.from([0xff, 0xfe, n & 0xff, 0x80, 0x00, 0x7b]), signing: 'none' };
  const eventId = n % 7 === 0 ? n - 1 : n;
  const body = JSON.stringify({ orderId: `o-${eventId % 500}`, orderType: 'PaymentLink', description: 'paid \u2028 ✓', level: 'Info', type: 'SuccessPayment', metadata: { n: eventId } });
  return { body, eventId, signing: n % 11 === 0 ? 'wrong' : n % 17 === 0 ? 'none' : 'sender' };
}

/** A core with only the share-export area (and jobs), over a temporary data folder. */
export async function startShareApp(): Promise<TestApp> {
  return startTestApp({ features: (ctx) => [createShareExportFeature(ctx)], requireAllHandlers: false, rendererDir: fileURLToPath(new URL('.', import.meta.url)) });
}

/** Resolves with the job's last progress once it ended. */
export function ended(app: TestApp, jobId: string): Promise<JobProgress> {
  return new Promise<JobProgress>((resolve) => {
    const stop = app.core.ctx.runtime.bus.on('job.progress', (p) => {
      if (p.jobId === jobId && p.state !== 'running') {
        stop();
        resolve(p);
      }
    });
    void app.core.invoke('jobs.get', { jobId }).then((j) => {
      if (j.ok && (j.value as { state: string }).state !== 'running') {
        stop();
        resolve(j.value as JobProgress);
      }
    });
  });
}

/** A finished export's whole file, read part by part as the page and the CLI read it. */
export async function readExport(app: TestApp, jobId: string): Promise<{ text: string; last: CallResult<'share.exportResult'> }> {
  let text = '';
  let last: CallResult<'share.exportResult'> | undefined;
  for (let offset: number | null = 0; offset !== null; ) {
    last = await app.call('share.exportResult', { jobId, offset });
    text += last.text;
    offset = last.nextOffset;
  }
  return { text, last: last! };
}

/** A whole app (every feature) over a fresh data folder whose listener knows `key` (or no key). */
export async function startKeyedApp(key: string | null): Promise<TestApp> {
  const secrets = new MemorySecretStore();
  if (key) secrets.set('webhookKey:k1', key);
  return startTestApp({ secrets, settings: { listener: { port: 0, keys: key ? [{ id: 'k1', label: 'store', addedAt: '2024-01-01T00:00:00Z' }] : [] } } });
}
