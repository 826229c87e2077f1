import { createHmac } from 'node:crypto';
import { createServer } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { startSandbox, type TestSandbox } from '../../../../../electron/hosts/testing';
import { startHandler, type TestHandler } from '../../../../fixtures/handlers';

const open: { close(): Promise<void> }[] = [];
afterEach(async () => {
  for (const o of open.splice(0).reverse()) await o.close();
});

/** A sandbox whose webhooks go to a correct handler verifying with the sandbox's own key. */
async function sandboxWithHandler(): Promise<{ sandbox: TestSandbox; handler: TestHandler }> {
  const sandbox = await startSandbox({ retryDelayMs: 1 });
  open.push(sandbox);
  const handler = await startHandler('correct', { key: sandbox.credentials.webhookKey });
  open.push(handler);
  await sandbox.setWebhookUrl(handler.url);
  return { sandbox, handler };
}

async function accessToken(sandbox: TestSandbox): Promise<string> {
  const { clientId, clientSecret } = sandbox.credentials;
  const res = await fetch(`${sandbox.baseUrl}/token`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ clientId, clientSecret }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { accessToken: string }).accessToken;
}

function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

describe('hooklab/testing startSandbox', () => {
  it('triggers a signed SuccessPayment with overrides and shows it as the history API does', async () => {
    const { sandbox, handler } = await sandboxWithHandler();
    const delivery = await sandbox.trigger('SuccessPayment', { orderId: '42', metadata: { PaidAmount: '10.00' } });

    expect(delivery).toMatchObject({ eventType: 'SuccessPayment', delivered: true, responseStatusCode: 200, url: handler.url });
    const event = JSON.parse(delivery.payload) as { orderId: string; type: string; metadata: Record<string, unknown> };
    expect(event.orderId).toBe('42');
    expect(event.metadata.PaidAmount).toBe('10.00');
    // Overrides merge into the template: the rest of 6.5's metadata is still there.
    expect(event.metadata.orderDetail).toBeInstanceOf(Array);

    // The handler checked the HMAC with node:crypto and answered 200; check the bytes here too.
    expect(handler.received).toHaveLength(1);
    const got = handler.received[0]!;
    expect(got.status).toBe(200);
    const header = got.rawHeaders[got.rawHeaders.findIndex((h) => h.toLowerCase() === 'x-svc-hmac-sha256') + 1];
    const expected = createHmac('sha256', sandbox.credentials.webhookKey).update(got.body).digest('base64');
    expect(header).toBe(expected);
    expect(sandbox.sign(got.body)).toBe(expected);
    expect(got.body.toString('utf8')).toBe(delivery.payload);

    const token = await accessToken(sandbox);
    const res = await fetch(`${sandbox.apiV3Url}/WebhookEvents/${delivery.id}`, { headers: { Authorization: `Bearer ${token}` } });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual(delivery);
  });

  it('runs the 3-D Secure scenario and filters the history by event type', async () => {
    const { sandbox, handler } = await sandboxWithHandler();
    const run = await sandbox.runScenario('3ds-success');
    expect(run.deliveries.map((d) => d.eventType)).toEqual(['ThreeDSecureAuthSucceeded', 'SuccessPayment']);
    expect(run.deliveries.every((d) => d.delivered)).toBe(true);
    expect(handler.received.map((r) => r.status)).toEqual([200, 200]);
    expect(sandbox.scenarios).toContain('3ds-success');

    const payments = await sandbox.deliveries({ eventType: 'SuccessPayment' });
    expect(payments.map((d) => d.id)).toEqual([run.deliveries[1]!.id]);
    expect(await sandbox.deliveries({ delivered: false })).toEqual([]);
  });

  it('failNext makes the service retry and fail, and a resend through the history API then succeeds', async () => {
    const { sandbox, handler } = await sandboxWithHandler();
    await sandbox.failNext(4, 503); // the first attempt and its three automatic retries
    const failed = await sandbox.trigger('Created', { orderId: '7' });
    expect(failed).toMatchObject({ delivered: false, responseStatusCode: 503 });
    expect(handler.received).toHaveLength(0);
    expect((await sandbox.deliveries({ delivered: false })).map((d) => d.id)).toEqual([failed.id]);

    const token = await accessToken(sandbox);
    const res = await fetch(`${sandbox.apiV3Url}/WebhookEvents/${failed.id}/Resend`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ eventId: failed.id, delivered: true, responseStatusCode: 200 });
    expect(handler.received).toHaveLength(1);
  });

  it('reset forgets the history but keeps the credentials and webhook URL; close frees the port', async () => {
    const { sandbox, handler } = await sandboxWithHandler();
    const credentials = sandbox.credentials;
    await sandbox.trigger('Created');
    await sandbox.reset();
    expect(await sandbox.deliveries()).toEqual([]);
    expect(sandbox.credentials).toEqual(credentials);
    const after = await sandbox.trigger('Created');
    expect(after.id).toBe(1);
    expect(handler.received).toHaveLength(2);

    expect(await canListen(sandbox.port)).toBe(false);
    await sandbox.close();
    expect(await canListen(sandbox.port)).toBe(true);
  });

  it('uses a given webhook key and port', async () => {
    const probe = await startSandbox();
    const port = probe.port;
    await probe.close();
    const sandbox = await startSandbox({ port, webhookKey: 'whk_given', webhookUrl: 'http://127.0.0.1:9/none' });
    open.push(sandbox);
    expect(sandbox.baseUrl).toBe(`http://127.0.0.1:${port}`);
    expect(sandbox.credentials.webhookKey).toBe('whk_given');
    expect(sandbox.sign('{}')).toBe(createHmac('sha256', 'whk_given').update('{}').digest('base64'));
  });

  it('rejects unknown event types, scenarios and malformed overrides with the reason', async () => {
    const { sandbox, handler } = await sandboxWithHandler();
    await expect(sandbox.trigger('Paid')).rejects.toThrow(/unknown event type "Paid"; known types: Created, SuccessPayment/);
    await expect(sandbox.runScenario('nope')).rejects.toThrow(/unknown scenario "nope"; known scenarios: .*3ds-success/);
    await expect(sandbox.trigger('Created', { orderId: 42 as unknown as string })).rejects.toThrow(/orderId/);
    await expect(sandbox.failNext(-1)).rejects.toThrow(/count/);
    await sandbox.setWebhookUrl('');
    await expect(sandbox.trigger('Created')).rejects.toThrow(/no webhook URL/);
    await expect(sandbox.setWebhookUrl('ftp://x')).rejects.toThrow(/not an http\(s\) URL/);
    expect(handler.received).toHaveLength(0);
  });
});
