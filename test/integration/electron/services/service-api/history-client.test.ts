import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSandbox, StoreCredentials } from '../../../../../electron/emulator';
import { HistoryClient } from '../../../../../electron/services/service-api/history-client';
import { systemClock } from '../../../../../electron/services/platform/clock';
import type { Receiver } from '../../features/history/receiver';
import type { FaultProxy } from '../../features/history/fault-proxy';
import { createdEvent, errorOf, startClientRig } from '../../features/history/client-fixtures';

const event = createdEvent;

describe('HistoryClient against the sandbox', () => {
  let sandbox: RunningSandbox;
  let receiver: Receiver;
  let store: StoreCredentials;
  let other: StoreCredentials;
  let proxy: FaultProxy;
  let client: HistoryClient;
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ sandbox, receiver, store, proxy, client, close } = await startClientRig());
    other = sandbox.createStore({ webhookUrl: receiver.url });
    for (let i = 0; i < 5; i++) await sandbox.dispatchEvent(store.storeId, event(`o-${i}`));
    await sandbox.dispatchEvent(other.storeId, event('other'));
  });
  afterAll(() => close());

  it('lists with an encoded id> filter, sorts and paging, fetching one token', async () => {
    const all = await client.list({ sorts: 'id', pageSize: 100 });
    expect(all.totalCount).toBe(5);
    const first = all.webhookEvents[0]!.id;
    const after = await client.list({ filters: `id>${first}`, sorts: 'id', page: 1, pageSize: 2 });
    expect(after.totalCount).toBe(4);
    expect(after.webhookEvents.map((d) => d.id)).toEqual(all.webhookEvents.slice(1, 3).map((d) => d.id));
    expect(proxy.requests.some((r) => r.includes('filters=id%3E'))).toBe(true);
    expect(proxy.requests.every((r) => !/[<>]/.test(r))).toBe(true);
    expect(client.tokens.issued).toBe(1);
  });

  it('gets one delivery, and says when it does not exist or belongs to another store', async () => {
    const [d] = (await client.list({ pageSize: 1 })).webhookEvents;
    expect((await client.get(d!.id)).payload).toBe(d!.payload);
    const otherId = (await new HistoryClient({
      connection: { baseUrl: sandbox.baseUrl, apiV3Url: sandbox.apiV3Url, clientId: other.clientId, clientSecret: other.clientSecret },
      fetch,
      clock: systemClock,
    }).list({})).webhookEvents[0]!.id;
    const error = await errorOf(client.get(otherId));
    expect(error.kind).toBe('not-found');
    expect(error.message).toBe(`delivery ${otherId} does not exist or belongs to another store`);
    expect((await errorOf(client.get(999_999))).status).toBe(404);
  });

  it('explains 400s for page and pageSize', async () => {
    const page = await errorOf(client.list({ page: 0 }));
    expect([page.kind, page.message]).toEqual(['invalid-page', 'page must be 1 or more']);
    const size = await errorOf(client.list({ pageSize: 0 }));
    expect(size.kind).toBe('invalid-page-size');
    expect(size.message).toMatch(/pageSize must be 1 or more/);
  });

  it('resends: delivered, refused by the receiver, no webhook, unknown id, not logged', async () => {
    const [d] = (await client.list({ sorts: 'id', pageSize: 1 })).webhookEvents;
    const ok = await client.resend(d!.id);
    expect(ok.eventId).toBe(d!.eventId);
    expect(ok.id).toBeGreaterThan(d!.id);
    expect(ok.delivered).toBe(true);

    receiver.answer(410);
    const refused = await client.resend(d!.id);
    expect([refused.delivered, refused.responseStatusCode]).toEqual([false, 410]);
    receiver.answer(200);

    sandbox.setWebhook(store.storeId, '');
    const none = await errorOf(client.resend(d!.id));
    expect([none.kind, none.message]).toEqual(['no-webhook', 'the store has no webhook URL configured (set one in the merchant portal)']);
    sandbox.setWebhook(store.storeId, receiver.url);

    expect((await errorOf(client.resend(999_999))).kind).toBe('not-found');

    sandbox.setChaos(store.storeId, { failResendLogging: true });
    const notLogged = await errorOf(client.resend(d!.id));
    expect(notLogged.kind).toBe('resend-not-logged');
    expect(notLogged.message).toMatch(/retrying is safe/);
    expect(notLogged.retryable).toBe(true);
    sandbox.setChaos(store.storeId, { reset: true });
  });

  it('on a 401 refreshes the token once and retries once; a second 401 is an error', async () => {
    const before = client.tokens.issued;
    proxy.inject('status-401', 1, /^GET \/api\/v3\/WebhookEvents$/);
    expect((await client.list({ pageSize: 1 })).webhookEvents).toHaveLength(1);
    expect(client.tokens.issued).toBe(before + 1);
    proxy.inject('status-401', 2, /^GET \/api\/v3\/WebhookEvents$/);
    const error = await errorOf(client.list({ pageSize: 1 }));
    expect(error.kind).toBe('unauthorized');
    expect(client.tokens.issued).toBe(before + 2);
  });

  it('says when the credentials are wrong, without echoing the secret', async () => {
    const wrong = new HistoryClient({
      connection: { baseUrl: sandbox.baseUrl, apiV3Url: sandbox.apiV3Url, clientId: store.clientId, clientSecret: 'not-the-secret' },
      fetch,
      clock: systemClock,
    });
    const error = await errorOf(wrong.list({}));
    expect(error.kind).toBe('bad-credentials');
    expect(error.message).not.toContain('not-the-secret');
    const missing = new HistoryClient({
      connection: { baseUrl: sandbox.baseUrl, apiV3Url: sandbox.apiV3Url, clientId: store.clientId, clientSecret: undefined },
      fetch,
      clock: systemClock,
    });
    expect((await errorOf(missing.list({}))).kind).toBe('missing-credentials');
  });

  it('types 5xx, hangs, resets, malformed JSON and wrong shapes', async () => {
    const quick = new HistoryClient({
      connection: { baseUrl: proxy.url, apiV3Url: `${proxy.url}/api/v3`, clientId: store.clientId, clientSecret: store.clientSecret },
      fetch,
      clock: systemClock,
      timeoutMs: 300,
    });
    await quick.list({ pageSize: 1 });
    const list = /^GET \/api\/v3\/WebhookEvents$/;
    const cases: Array<[Parameters<FaultProxy['inject']>[0], string]> = [
      ['status-503', 'server'],
      ['hang', 'timeout'],
      ['reset', 'network'],
      ['malformed-json', 'malformed'],
      ['wrong-shape', 'unexpected-shape'],
    ];
    for (const [fault, kind] of cases) {
      proxy.inject(fault, 1, list);
      const error = await errorOf(quick.list({ pageSize: 1 }));
      expect(error.kind, fault).toBe(kind);
      expect(error.retryable).toBe(true);
    }
    expect((await quick.list({ pageSize: 1 })).webhookEvents).toHaveLength(1);
  });
});
