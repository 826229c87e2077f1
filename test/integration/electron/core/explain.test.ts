import { describe, expect, it } from 'vitest';
import type { TestApp } from '../../../support/app-harness';
import { closedAfterEach } from '../../../support/closed-after-each';
import { startStatefulHandler } from '../../../fixtures/stateful-handler';
import { startOtelHandler } from '../../../fixtures/otel-handler';
import { waitForTrace, hasErrorSpan } from '../features/tracing/tracing-helpers';
import {
  deadUrl,
  postSigned,
  sandboxEvent,
  startExplainApp,
  startReserialisingRelay,
  startStaleStateHandler,
} from './explain-app';

const closeAfter = closedAfterEach();

async function sandboxKey(app: TestApp): Promise<string> {
  return (await app.call('sandbox.revealCredentials', {})).webhookKey;
}

async function forwardTo(app: TestApp, ...targets: string[]): Promise<void> {
  await app.call('settings.update', { listener: { forwardTargets: targets } });
}

/** Resolves when the listener stored the results of its next forward. */
function nextForward(app: TestApp): Promise<number> {
  return new Promise((resolve) => {
    const off = app.core.ctx.runtime.bus.on('live.forwarded', ({ id }) => {
      off();
      resolve(id);
    });
  });
}

/** Sends one event through the sandbox and polls history, so both sides hold it (and, with `forwarded`, the handler's answer). */
async function sendThroughSandbox(
  app: TestApp,
  orderId: string,
  type = 'Created',
  options: { forwarded?: boolean } = {},
) {
  const forwarded = options.forwarded ? nextForward(app) : null;
  const result = await app.call('sandbox.sendEvent', { event: sandboxEvent(orderId, type) });
  await forwarded;
  await app.call('history.pollNow', {});
  return result.deliveries;
}

const codes = (e: { causes: Array<{ code: string }> }) => e.causes.map((c) => c.code);

describe('explain.order names the seeded cause, with its evidence', () => {
  it('ok: an order that arrived, verified, was answered 2xx and whose state agrees', async () => {
    const app = closeAfter(await startExplainApp());
    const handler = closeAfter(await startStatefulHandler('correct', await sandboxKey(app)));
    await forwardTo(app, handler.url);
    const [delivery] = await sendThroughSandbox(app, 'why-ok', 'Created', { forwarded: true });
    const answer = await app.call('explain.order', {
      orderId: 'why-ok',
      stateUrl: handler.stateUrl,
      statePath: 'orders.{orderId}',
    });
    expect(codes(answer)).toEqual(['ok']);
    expect(answer.ok).toBe(true);
    expect(answer.orderId).toBe('why-ok');
    expect(answer.causes[0]!.eventIds).toEqual([String(delivery!.eventId)]);
    expect(answer.causes[0]!.deliveryIds).toHaveLength(1);
  });

  it('wrong-key: a delivery signed with another key, and the evidence names it', async () => {
    const app = closeAfter(await startExplainApp());
    const body = JSON.stringify(sandboxEvent('why-key'));
    expect(await postSigned(app, body, 'a-key-hooklab-does-not-know', 880001)).toBe(200);
    const answer = await app.call('explain.order', { orderId: 'why-key' });
    expect(codes(answer)).toEqual(['wrong-key']);
    expect(answer.ok).toBe(false);
    const [cause] = answer.causes;
    const { rows } = await app.call('live.list', { limit: 1 });
    expect(cause!.deliveryIds).toEqual([rows[0]!.id]);
    expect(cause!.eventIds).toEqual(['880001']);
    expect(cause!.evidence.join('\n')).toContain(`delivery #${rows[0]!.id}`);
    expect(cause!.evidence.join('\n')).toContain('signature invalid');
    expect(JSON.stringify(answer)).not.toContain('a-key-hooklab-does-not-know');
  });

  it('body-changed: a relay re-serialises the body on the way', async () => {
    const app = closeAfter(await startExplainApp());
    const info = await app.call('sandbox.info', {});
    const relay = closeAfter(await startReserialisingRelay(new URL(info.webhookUrl!).origin));
    await app.call('sandbox.setWebhookUrl', {
      url: `${relay.url}${new URL(info.webhookUrl!).pathname}`,
    });
    await sendThroughSandbox(app, 'why-body');
    const answer = await app.call('explain.order', { orderId: 'why-body' });
    expect(codes(answer)).toEqual(['body-changed']);
    expect(answer.causes[0]!.evidence.join('\n')).toMatch(/re-serialised/i);
  });

  it('other-url: the sandbox sends to a dead URL; the fix names the exact resend', async () => {
    const app = closeAfter(await startExplainApp());
    const dead = await deadUrl();
    await app.call('sandbox.setWebhookUrl', { url: dead });
    const [delivery] = await sendThroughSandbox(app, 'why-url');
    expect(delivery!.delivered).toBe(false);
    const answer = await app.call('explain.order', { orderId: 'why-url' });
    expect(codes(answer)).toEqual(['other-url']);
    const [cause] = answer.causes;
    expect(cause!.summary).toContain(dead);
    expect(cause!.eventIds).toEqual([String(delivery!.eventId)]);
    expect(cause!.evidence.join('\n')).toContain(`history #${delivery!.id}`);
    expect(cause!.fix).toContain(`hooklab resend ${delivery!.id}`);
  });

  it('handler-error: a traced handler throws and answers 500; the evidence quotes the exception', async () => {
    const app = closeAfter(await startExplainApp());
    const handler = await startOtelHandler(app.core.ctx.runtime.status.get().tracing.endpoint!);
    closeAfter({ close: () => handler.stop() });
    await forwardTo(app, `${handler.url}/webhooks/throws`);
    await sendThroughSandbox(app, 'why-error', 'Created', { forwarded: true });
    const { rows } = await app.call('live.list', { limit: 1 });
    const { forwards } = await app.call('live.get', { id: rows[0]!.id });
    expect(forwards[0]!.status).toBe(500);
    await waitForTrace(app, forwards[0]!.traceId!, hasErrorSpan, 10_000);
    const answer = await app.call('explain.order', { orderId: 'why-error' });
    expect(codes(answer)).toEqual(['handler-error']);
    const evidence = answer.causes[0]!.evidence.join('\n');
    expect(evidence).toContain('answered 500');
    expect(evidence).toMatch(/the trace's exception: .*\S/);
    expect(answer.causes[0]!.fix).toContain(`hooklab replay ${rows[0]!.id}`);
  });

  it('handler-refused: the handler answers 401 to a valid signature', async () => {
    const app = closeAfter(await startExplainApp());
    const handler = closeAfter(await startStatefulHandler('correct', 'not-the-sandbox-key'));
    await forwardTo(app, handler.url);
    await sendThroughSandbox(app, 'why-401', 'Created', { forwarded: true });
    const answer = await app.call('explain.order', { orderId: 'why-401' });
    expect(codes(answer)).toEqual(['handler-refused']);
    expect(answer.causes[0]!.evidence.join('\n')).toMatch(/signature valid.*answered 401/);
    expect(answer.causes[0]!.fix).toContain(`hooklab check-handler ${handler.url}`);
    // The delivery's own question gets the same cause.
    const { rows } = await app.call('live.list', { limit: 1 });
    const one = await app.call('explain.delivery', { id: rows[0]!.id });
    expect(one.orderId).toBe('why-401');
    expect(codes(one)).toEqual(['handler-refused']);
    expect(one.causes[0]!.deliveryIds).toEqual([rows[0]!.id]);
  });

  it('explain.delivery: a delivery that names no order is judged alone', async () => {
    const app = closeAfter(await startExplainApp());
    expect(await postSigned(app, '{"hello":"world"}', 'a-key-hooklab-does-not-know', 880002)).toBe(
      200,
    );
    const { rows } = await app.call('live.list', { limit: 1 });
    const answer = await app.call('explain.delivery', { id: rows[0]!.id });
    expect(answer.orderId).toBeNull();
    expect(codes(answer)).toEqual(['wrong-key']);
    expect(answer.causes[0]!.summary).toMatch(
      /of this delivery arrived signed with a key Hooklab does not accept/,
    );
  });

  it("state-mismatch: the handler's state endpoint disagrees with the derived state", async () => {
    const app = closeAfter(await startExplainApp());
    const handler = closeAfter(await startStaleStateHandler());
    await forwardTo(app, handler.url);
    await sendThroughSandbox(app, 'why-state', 'Cancelled', { forwarded: true });
    const answer = await app.call('explain.order', {
      orderId: 'why-state',
      stateUrl: handler.stateUrl,
    });
    expect(codes(answer)).toEqual(['state-mismatch']);
    expect(answer.causes[0]!.evidence.join('\n')).toContain(
      'Order status at status is PENDING, Hooklab derives CANCELLED',
    );
  });

  it('an order no delivery names is not found', async () => {
    const app = closeAfter(await startExplainApp());
    await expect(app.call('explain.order', { orderId: 'nobody' })).rejects.toThrow(
      /no delivery names order/,
    );
  });
});
