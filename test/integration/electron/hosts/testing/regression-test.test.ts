import { describe, expect, it } from 'vitest';
import { regressionTest } from '../../../../../shared/regression-test';
import type { ScenarioFile } from '../../../../../shared/scenario/scenario-file';
import { recordedOrder, TEMPLATE_BUYER } from '../../../../fixtures/recorded-order';
import { failuresOf, runWritten, writtenTestHandlers } from '../../../../support/written-test';

const KEY = 'regression-key-5b1e';
const handler = writtenTestHandlers(KEY, { withState: false });

describe('a regression test written by Hooklab, run against real handlers', () => {
  it('fails against a handler that applies the retried SuccessPayment twice, passes against a correct one, sending each body byte for byte, signed, with its event id', async () => {
    const file = recordedOrder();
    const buggy = await handler('processes-duplicates');
    const written = regressionTest(file, { expect: ['orders.{orderId}.payments=1'], expectState: buggy.stateUrl });
    expect(await failuresOf(written.text)).toEqual(['orders.900001.payments: expected 1, got 2']);

    const good = await handler('correct');
    // HOOKLAB_STATE_URL wins over the URL written in.
    process.env['HOOKLAB_STATE_URL'] = good.stateUrl;
    await runWritten(written.text);
    expect(good.received.map((r) => r.status)).toEqual(file.events.map(() => 200));
    expect(good.received.map((r) => r.body.toString('utf8'))).toEqual(file.events.map((e) => e.body));
    expect(good.received.map((r) => [r.headers['x-svc-event-id'], r.headers['x-svc-event-created']])).toEqual(file.events.map((e) => [e.eventId, e.eventCreated]));
  });

  it("without --expect, checks the order's derived states: shipping updates applied in arrival order, not event order, fail", async () => {
    const good = await handler('correct');
    await runWritten(regressionTest(recordedOrder(), { expectState: good.stateUrl }).text);

    const inOrder = recordedOrder();
    // READY→DISPATCHED arrived before ACCEPTED→READY: `processes-duplicates` applies shipping in
    // arrival order, so the last arrival (READY) wins (`correct` moves shipping forward only).
    const swapped: ScenarioFile = { ...inOrder, events: [...inOrder.events.slice(0, 4), inOrder.events[5]!, inOrder.events[4]!] };
    const arrival = await handler('processes-duplicates');
    expect(await failuresOf(regressionTest(swapped, { expectState: arrival.stateUrl }).text)).toEqual(['orders.900001.shipping: expected "DISPATCHED" (Shipping), got "READY"']);
  });

  it('says in one line which variable to set', async () => {
    const text = regressionTest(recordedOrder()).text;
    await expect(runWritten(text)).rejects.toThrow(/^HOOKLAB_HANDLER_URL is not set: set it to your webhook handler's URL/);
    process.env['HOOKLAB_HANDLER_URL'] = 'http://127.0.0.1:9/webhooks';
    await expect(runWritten(text)).rejects.toThrow(/^HOOKLAB_WEBHOOK_KEY is not set: set it to the key your handler verifies signatures with$/);
    const h = await handler('correct');
    await expect(runWritten(text)).rejects.toThrow(/^HOOKLAB_STATE_URL is not set: set it to the URL where your handler answers its state as JSON/);
    expect(h.received).toHaveLength(6);
  });

  it('a redacted test holds none of the buyer data, and its events still verify at the handler', async () => {
    const good = await handler('correct');
    const written = regressionTest(recordedOrder(), { expect: ['orders.{orderId}.payments=1'], expectState: good.stateUrl, redact: true });
    for (const value of Object.values(TEMPLATE_BUYER)) expect(written.text).not.toContain(value);
    await runWritten(written.text);
    expect(good.received.every((r) => r.status === 200)).toBe(true);
    const emails = good.received.filter((r) => r.body.includes('SuccessPayment')).map((r) => JSON.parse(r.body.toString('utf8')).metadata.BuyerEmail);
    expect(new Set(emails).size).toBe(1);
    expect(emails[0]).not.toBe(TEMPLATE_BUYER.email);
  });
});
