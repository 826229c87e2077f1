import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setTimeout as sleep } from 'node:timers/promises';
import { startTestApp, type TestApp } from '../../../../support/app-harness';
import { runChaosReplay, type ChaosReport } from '../../../../../shared/flows/chaos-run';
import { startChaosHandler, type ChaosHandler } from './chaos-handler';
import { collectReceived, typesFor } from './flow-helpers';

/**
 * Chaos replay of a recorded sandbox order (shipping-delivered: Created, SuccessPayment, five
 * Updated) to a handler fixture on loopback, through Replay's engine, driven by the same code
 * the page runs (shared/flows/chaos-run.ts) over the browser host's API.
 */
describe('chaos replay', () => {
  let app: TestApp;
  let handler: ChaosHandler;
  let orderId: string;

  beforeAll(async () => {
    app = await startTestApp({ settings: { listener: { port: 0 } } });
    handler = await startChaosHandler((await app.call('sandbox.revealCredentials', {})).webhookKey);
    const received = collectReceived(app);
    orderId = (await app.call('sandbox.runScenario', { name: 'shipping-delivered' })).orderId!;
    await received.until((all) => typesFor(all, orderId).length === 7);
    received.stop();
  });
  afterAll(async () => {
    await handler.close();
    await app.close();
  });

  const run = async (seed: number): Promise<{ report: ChaosReport; seen: string[] }> => {
    handler.reset();
    const report = await runChaosReplay(app.call.bind(app), (ms) => sleep(ms), {
      orderId,
      seed,
      duplicateRate: 0.5,
      maxDelayMs: 10,
      targetUrl: `${handler.url}/webhooks`,
      stateUrl: `${handler.url}/state`,
    });
    return { report, seen: handler.received.map((r) => `${r.type}#${r.eventId}`) };
  };

  it('the same seed replays the same shuffled, duplicated run; every copy signed as the service signs, its event id kept', async () => {
    const first = await run(7);
    const second = await run(7);
    expect(second.seen).toEqual(first.seen);
    expect(second.report.sends.map(({ type, copy, delayMs, eventId }) => ({ type, copy, delayMs, eventId }))).toEqual(
      first.report.sends.map(({ type, copy, delayMs, eventId }) => ({ type, copy, delayMs, eventId })),
    );

    const original = (await app.call('sequences.get', { orderId })).events;
    expect(first.report.skipped).toEqual([]);
    // Every event at least once, some twice, not in created order.
    expect(new Set(first.seen).size).toBe(7);
    expect(first.seen.length).toBeGreaterThan(7);
    expect(first.report.sends.some((s) => s.copy === 2)).toBe(true);
    expect(first.seen.map((s) => s.split('#')[0])).not.toEqual(original.map((e) => e.type));
    expect(new Set(first.seen.map((s) => s.split('#')[1]))).toEqual(new Set(original.flatMap((e) => e.eventIds.map(String))));
    expect(handler.received.every((r) => r.signatureValid)).toBe(true);
    expect(first.report.sends.every((s) => s.status === 200 && s.error === null)).toBe(true);

    // Each send is a replay of Replay's engine, in its history.
    const history = await app.call('replay.history', { targetUrl: `${handler.url}/webhooks` });
    expect(history.total).toBe(first.report.sends.length + second.report.sends.length);
  });

  it('another seed gives another run', async () => {
    const a = await run(7);
    const b = await run(8);
    expect(b.seen).not.toEqual(a.seen);
  });

  it("sets the handler's state beside the state the events lead to", async () => {
    const { report } = await run(7);
    expect(report.derived).toMatchObject({ orderId, status: 'PAID', shipping: 'DELIVERED' });
    expect(report.handlerState).toEqual({ status: 200, body: handler.state(), error: null });
    // The verdict judges what the handler reports against the derived state, field by field.
    const state = handler.state();
    const judged = (field: string) => report.verdict!.fields.find((f) => f.field === field)!;
    expect(judged('status').outcome).toBe(state.status === 'PAID' ? 'same' : 'differs');
    expect(judged('shipping').outcome).toBe(state.shipping === 'DELIVERED' ? 'same' : 'differs');
    expect(judged('payment').outcome).toBe('not-reported');
    expect(report.verdict!.outcome).toBe(state.status === 'PAID' && state.shipping === 'DELIVERED' ? 'agrees' : 'differs');
  });

  it('reads a state URL on this machine only', async () => {
    await expect(app.call('flows.handlerState', { url: 'http://example.com/state' })).rejects.toThrow(/on this machine/);
  });
});
