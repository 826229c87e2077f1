import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type AddressInfo } from 'node:net';
import type { JobProgress } from '../../../../../shared/contract';
import { startTestApp, type TestApp } from '../../../../support/app-harness';
import { createLiveFeature } from '../../../../../electron/features/live/feature';
import { createSandboxFeature } from '../../../../../electron/features/sandbox/feature';

/** A port nobody listens on: a handler that is down. */
async function deadUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return `http://127.0.0.1:${port}/webhooks`;
}

/**
 * A scenario played while the user's handler is down: the sandbox retries every delivery a
 * few seconds apart (its real delays), so the scenario takes long. It runs as a job: each
 * attempt is a step, it can be cancelled, and other scenarios can be played meanwhile.
 */
describe('sandbox scenarios as jobs', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ settings: { listener: { port: 0 } }, features: (ctx) => [createLiveFeature(ctx), createSandboxFeature(ctx)] });
    const url = await deadUrl();
    expect((await app.call('sandbox.setWebhookUrl', { url })).webhookUrl).toBe(url);
  });
  afterAll(async () => {
    await app?.close();
  });

  const progressOf = (jobId: string, until: (p: JobProgress) => boolean) =>
    new Promise<JobProgress>((resolve) => {
      const off = app.core.ctx.runtime.bus.on('job.progress', (p) => {
        if (p.jobId === jobId && until(p)) {
          off();
          resolve(p);
        }
      });
    });

  it('shows each retry with its cause and the attempt count, can be cancelled, and leaves other scenarios playable', async () => {
    const firstRetry = progressOf('scenario-1', (p) => p.note !== undefined);
    const first = app.call('sandbox.runScenario', { name: 'payment-link-paid', jobId: 'scenario-1' });
    const seen = await firstRetry;
    // Its total is its deliveries (Created, SuccessPayment to one URL), none ended yet: the
    // first attempt failed and the retry comes a second later.
    expect(seen).toMatchObject({ kind: 'sandbox.scenario', state: 'running', done: 0, total: 2, unit: 'deliveries' });
    expect(seen.note).toMatch(/^\d+ attempts?; retrying a delivery \(attempt 2 of 4\): the handler answered 500 or could not be reached$/);

    // Another scenario starts while the first one still waits for its retries.
    const secondRetry = progressOf('scenario-2', (p) => p.note !== undefined);
    const second = app.call('sandbox.runScenario', { name: 'order-cancelled', jobId: 'scenario-2' });
    await secondRetry;
    expect((await app.call('jobs.list', {})).jobs.filter((j) => j.state === 'running').map((j) => j.jobId).sort()).toEqual(['scenario-1', 'scenario-2']);

    const ended = Promise.allSettled([first, second]);
    for (const jobId of ['scenario-1', 'scenario-2']) await app.call('jobs.cancel', { jobId });
    for (const outcome of await ended) expect(outcome).toMatchObject({ status: 'rejected', reason: { message: expect.stringMatching(/^cancelled/) } });
    expect(await app.call('jobs.get', { jobId: 'scenario-1' })).toMatchObject({ state: 'cancelled', finishedAt: expect.any(String) });
  });
});

describe('a scenario job to its end', () => {
  let app: TestApp;
  beforeAll(async () => {
    // Retries a millisecond apart: the whole retry chain of a dead handler in a moment.
    app = await startTestApp({ settings: { listener: { port: 0 } }, features: (ctx) => [createLiveFeature(ctx), createSandboxFeature(ctx, { retryDelayMs: 1 })] });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('counts deliveries of a real total and ends saying what they came to, the attempts included', async () => {
    // The store sends to Hooklab's own listener: every delivery accepted at once.
    await app.call('sandbox.runScenario', { name: 'shipping-delivered', jobId: 'to-listener' });
    expect(await app.call('jobs.get', { jobId: 'to-listener' })).toMatchObject({
      state: 'done',
      done: 7,
      total: 7,
      failed: 0,
      unit: 'deliveries',
      outcome: 'delivered 7, refused 0, failed 0 (7 attempts)',
    });

    const url = await deadUrl();
    await app.call('sandbox.setWebhookUrl', { url });
    await app.call('sandbox.runScenario', { name: 'shipping-delivered', jobId: 'to-dead' });
    const dead = await app.call('jobs.get', { jobId: 'to-dead' });
    // Never "28 of 0 done": 7 deliveries, each tried 4 times.
    expect(dead).toMatchObject({ state: 'done', done: 7, total: 7, failed: 7, outcome: 'delivered 0, refused 0, failed 7 (28 attempts)' });
    expect(dead.note).toBeUndefined();
  });
});
