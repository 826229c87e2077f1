import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobProgress } from '../../../../../shared/contract';
import type { TestApp } from '../../../../support/app-harness';
import { startReceiver, type Receiver } from './receiver';
import { event, startSandboxApp, type SandboxApp } from './sandbox-app';

const PENDING = 2_000;

/**
 * Bulk resends as jobs against the embedded sandbox: 2,000 events pending at the service, a
 * job cancelled at 30% and resumed, a rate held to, a dry run that says what the job sends.
 */
describe('bulk resend jobs against the sandbox', () => {
  let sandbox: SandboxApp;
  let app: TestApp;
  let failing: Receiver;
  let firstNewId = 0;

  /** Deliveries the service logged since the jobs began (read from its history through the local copy). */
  const resendsLogged = async () => {
    await app.call('history.pollNow', {});
    const out: { id: number; eventId: number }[] = [];
    for (let afterId = firstNewId - 1; ; ) {
      const page = await app.call('history.local', { afterId, limit: 1000 });
      if (page.deliveries.length === 0) return out;
      out.push(...page.deliveries.map((d) => ({ id: d.id, eventId: d.eventId })));
      afterId = page.deliveries.at(-1)!.id;
    }
  };
  const ended = (jobId: string) =>
    new Promise<JobProgress>((resolve) => {
      const stop = app.core.ctx.runtime.bus.on('job.progress', (p) => {
        if (p.jobId === jobId && p.state !== 'running') {
          stop();
          resolve(p);
        }
      });
    });

  beforeAll(async () => {
    sandbox = await startSandboxApp();
    app = sandbox.app;
    failing = await startReceiver(500);
    await sandbox.setWebhook(failing.url);
    // The sandbox logs each event's failed attempts: 2,000 events none of which was delivered.
    for (let i = 0; i < PENDING; i += 100) {
      await Promise.all(Array.from({ length: 100 }, (_, k) => app.call('sandbox.sendEvent', { event: event(`p-${i + k}`) })));
    }
    await app.call('history.pollNow', {});
    expect((await app.call('history.summary', {})).pendingEvents).toBe(PENDING);
    firstNewId = (await app.call('history.summary', {})).cursor + 1;
    await sandbox.setWebhook(sandbox.elsewhere.url);
  }, 240_000);
  afterAll(async () => {
    await sandbox?.close();
    await failing?.close();
  });

  it('says in a dry run what the job then sends, cancels at 30% leaving exactly what it sent, and resumes with no duplicate', async () => {
    const where = { pendingOnly: true };
    const estimate = await app.call('history.resendWhere', { where, dryRun: true });
    expect(estimate).toEqual({ deliveries: expect.any(Number), events: PENDING, resends: PENDING });
    expect(estimate.deliveries).toBeGreaterThanOrEqual(PENDING);
    expect(await resendsLogged()).toEqual([]);

    const started = await app.call('history.resendWhere', { where, ratePerSecond: 100, concurrency: 8 });
    expect(started).toMatchObject({ jobId: expect.any(String), ...estimate });
    const jobId = 'jobId' in started ? started.jobId : '';
    const end = ended(jobId);
    const stop = app.core.ctx.runtime.bus.on('job.progress', (p) => {
      if (p.jobId === jobId && p.done >= PENDING * 0.3) {
        stop();
        void app.call('jobs.cancel', { jobId });
      }
    });
    const cancelled = await end;
    expect(cancelled).toMatchObject({ state: 'cancelled', total: PENDING, finishedAt: expect.any(String) });
    expect(cancelled.done).toBeGreaterThanOrEqual(PENDING * 0.3);
    expect(cancelled.done).toBeLessThan(PENDING);
    expect(await app.call('jobs.get', { jobId })).toMatchObject({ state: 'cancelled', resumable: true, done: cancelled.done });

    const afterCancel = await resendsLogged();
    expect(afterCancel).toHaveLength(cancelled.done);
    expect(new Set(afterCancel.map((d) => d.eventId)).size).toBe(cancelled.done);

    const resumed = await app.call('history.resendResume', { jobId, ratePerSecond: 100 });
    expect(resumed.resends).toBe(PENDING - cancelled.done);
    const done = await ended(resumed.jobId);
    expect(done).toMatchObject({ state: 'done', done: PENDING - cancelled.done, total: PENDING - cancelled.done });
    await expect(app.call('history.resendResume', { jobId })).rejects.toThrow(/nothing to resume/);

    const all = await resendsLogged();
    expect(all).toHaveLength(PENDING);
    expect(new Set(all.map((d) => d.eventId)).size).toBe(PENDING);
    expect((await app.call('history.summary', {})).pendingEvents).toBe(0);
  }, 240_000);

  it('holds to a rate: 200 resends at 20/s take at least 9.5 s', async () => {
    const ids = (await app.call('history.local', { afterId: 0, limit: 200 })).deliveries.map((d) => d.id);
    expect(ids).toHaveLength(200);
    const startedAt = performance.now();
    const summary = await app.call('history.resendMany', { ids, concurrency: 16, ratePerSecond: 20 });
    const elapsed = performance.now() - startedAt;
    expect(summary).toMatchObject({ state: 'done', total: 200, delivered: 200 });
    expect(elapsed).toBeGreaterThanOrEqual(9_500);
  }, 60_000);
});
