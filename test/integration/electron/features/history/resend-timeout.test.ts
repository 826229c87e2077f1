import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSandbox, StoreCredentials } from '../../../../../electron/emulator';
import type { HistoryClient } from '../../../../../electron/services/service-api/history-client';
import { resendOne } from '../../../../../electron/features/history/resend';
import type { Receiver } from './receiver';
import type { FaultProxy } from './fault-proxy';
import { createdEvent, startClientRig } from './client-fixtures';

const RESEND = /^POST \/api\/v3\/WebhookEvents\/\d+\/Resend$/;
const event = createdEvent;

describe('a resend whose answer timed out', () => {
  let sandbox: RunningSandbox;
  let receiver: Receiver;
  let store: StoreCredentials;
  let proxy: FaultProxy;
  let client: HistoryClient;
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ sandbox, receiver, store, proxy, client, close } = await startClientRig({ timeoutMs: 500 }));
  });
  afterAll(() => close());

  it('is checked, and reported delivered when the service did deliver it', async () => {
    const [original] = await sandbox.dispatchEvent(store.storeId, event('slow-ok'));
    const before = receiver.bodies.length;
    proxy.inject('answer-lost', 1, RESEND);
    const outcome = await resendOne(client, original!.id);
    expect(receiver.bodies.length).toBe(before + 1); // the resend did reach the receiver
    expect(outcome.kind).toBe('delivered');
    expect(outcome.message).toMatch(/did not answer in time; checked the event's newest delivery: resent as delivery \d+; the receiver answered 200/);
    expect(outcome.delivery).toMatchObject({ eventId: original!.eventId, delivered: true });
    expect(outcome.delivery!.id).toBeGreaterThan(original!.id);
    // The check read the event's newest delivery itself.
    expect(proxy.requests).toContain(`GET /api/v3/WebhookEvents/${outcome.delivery!.id}`);
  });

  it('is reported refused when the check finds the receiver refused it', async () => {
    const [original] = await sandbox.dispatchEvent(store.storeId, event('slow-refused'));
    receiver.answer(400);
    try {
      proxy.inject('answer-lost', 1, RESEND);
      const outcome = await resendOne(client, original!.id);
      expect(outcome.kind).toBe('refused');
      expect(outcome.message).toMatch(/checked the event's newest delivery: .*still not delivered: the receiver refused it \(400\)/);
    } finally {
      receiver.answer(200);
    }
  });

  it('says the outcome is unknown when nothing newer of the event is logged yet', async () => {
    const [original] = await sandbox.dispatchEvent(store.storeId, event('slow-unknown'));
    // The resend never reaches the service at all: nothing to find.
    proxy.inject('hang', 1, RESEND);
    const outcome = await resendOne(client, original!.id);
    expect(outcome.kind).toBe('unknown');
    expect(outcome.message).toMatch(/^the service did not answer the resend in time, so its outcome is unknown: no newer delivery of event \d+ is logged yet/);
  });
});
