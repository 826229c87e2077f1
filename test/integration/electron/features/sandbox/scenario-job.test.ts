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
      const off = app.core.ctx.bus.on('job.progress', (p) => {
        if (p.jobId === jobId && until(p)) {
          off();
          resolve(p);
        }
      });
    });

  it('shows each failed attempt as progress, can be cancelled, and leaves other scenarios playable', async () => {
    const firstAttempts = progressOf('scenario-1', (p) => p.done >= 2);
    const first = app.call('sandbox.runScenario', { name: 'payment-link-paid', jobId: 'scenario-1' });
    const seen = await firstAttempts;
    // Two attempts of a delivery to a dead handler: both failed, the retry a second later.
    expect(seen).toMatchObject({ kind: 'sandbox.scenario', state: 'running', failed: seen.done });

    // Another scenario starts while the first one still waits for its retries.
    const secondAttempt = progressOf('scenario-2', (p) => p.done >= 1);
    const second = app.call('sandbox.runScenario', { name: 'order-cancelled', jobId: 'scenario-2' });
    await secondAttempt;
    expect((await app.call('jobs.list', {})).jobs.filter((j) => j.state === 'running').map((j) => j.jobId).sort()).toEqual(['scenario-1', 'scenario-2']);

    const ended = Promise.allSettled([first, second]);
    for (const jobId of ['scenario-1', 'scenario-2']) await app.call('jobs.cancel', { jobId });
    for (const outcome of await ended) expect(outcome).toMatchObject({ status: 'rejected', reason: { message: expect.stringMatching(/^cancelled/) } });
    expect(await app.call('jobs.get', { jobId: 'scenario-1' })).toMatchObject({ state: 'cancelled', finishedAt: expect.any(String) });
  });
});
