import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobProgress } from '../../../../../shared/contract';
import { startReceiver, type Receiver } from './receiver';
import { event, startSandboxApp, type SandboxApp } from './sandbox-app';

const PENDING = 60;

/**
 * A cancelled bulk resend is resumed after Hooklab restarted on the same data folder: the rest
 * was kept on disk (resend_remainders), so the resume sends exactly what the cancelled job had
 * not sent, once. A job that was running when Hooklab quit is cancelled by the quit and resumed
 * the same way.
 */
describe('resume of a cancelled bulk resend after a restart', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'hooklab-resume-'));
  let sandbox: SandboxApp | undefined;
  let failing: Receiver;

  const ended = (s: SandboxApp, jobId: string) =>
    new Promise<JobProgress>((resolve) => {
      const stop = s.app.core.ctx.runtime.bus.on('job.progress', (p) => {
        if (p.jobId === jobId && p.state !== 'running') {
          stop();
          resolve(p);
        }
      });
    });
  /** Deliveries of the local history copy after `afterId` (the resends), as the service logged them. */
  const logged = async (s: SandboxApp, afterId: number) => {
    await s.app.call('history.pollNow', {});
    const page = await s.app.call('history.local', { afterId, limit: 1000 });
    return page.deliveries.map((d) => d.eventId);
  };

  beforeAll(async () => {
    failing = await startReceiver(500);
  });
  afterAll(async () => {
    await sandbox?.close();
    await failing?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('sends after the restart exactly the resends the cancelled job had not started', async () => {
    sandbox = await startSandboxApp(undefined, dataDir);
    await sandbox.setWebhook(failing.url);
    await Promise.all(Array.from({ length: PENDING }, (_, i) => sandbox!.app.call('sandbox.sendEvent', { event: event(`r-${i}`) })));
    await sandbox.app.call('history.pollNow', {});
    const summary = await sandbox.app.call('history.summary', {});
    expect(summary.pendingEvents).toBe(PENDING);
    const firstResend = summary.cursor;
    await sandbox.setWebhook(sandbox.elsewhere.url);

    const started = await sandbox.app.call('history.resendWhere', { where: { pendingOnly: true }, ratePerSecond: 20, concurrency: 1 });
    const jobId = 'jobId' in started ? started.jobId : '';
    const end = ended(sandbox, jobId);
    const stop = sandbox.app.core.ctx.runtime.bus.on('job.progress', (p) => {
      if (p.jobId === jobId && p.done >= 10) {
        stop();
        void sandbox!.app.call('jobs.cancel', { jobId });
      }
    });
    const cancelled = await end;
    expect(cancelled.state).toBe('cancelled');
    expect(cancelled.done).toBeLessThan(PENDING);
    const sentBefore = await logged(sandbox, firstResend);
    expect(sentBefore).toHaveLength(cancelled.done);

    // Ended, it says what its resends came to.
    expect(await sandbox.app.call('jobs.get', { jobId })).toMatchObject({ outcome: `delivered ${cancelled.done}, refused 0, failed 0` });

    await sandbox.close();
    sandbox = await startSandboxApp(undefined, dataDir);
    await sandbox.setWebhook(sandbox.elsewhere.url);
    // After the restart the job is listed as one to resume (History shows its Resume).
    const listed = (await sandbox.app.call('jobs.list', {})).jobs.find((j) => j.jobId === jobId);
    expect(listed).toMatchObject({ kind: 'history.resend', state: 'cancelled', resumable: true, total: PENDING - cancelled.done });

    // Meanwhile one of the events left got through another way (a single resend): the resume leaves it out.
    const [other] = (await sandbox.app.call('history.events', { pendingOnly: true })).events;
    expect((await sandbox.app.call('history.resend', { id: other!.eventId })).kind).toBe('delivered');

    const resumed = await sandbox.app.call('history.resendResume', { jobId, ratePerSecond: 100 });
    expect(resumed).toMatchObject({ resends: PENDING - cancelled.done - 1, skipped: 1 });
    expect(await ended(sandbox, resumed.jobId)).toMatchObject({ state: 'done', done: PENDING - cancelled.done - 1 });
    expect((await sandbox.app.call('jobs.get', { jobId })).resumable).toBe(false);
    await expect(sandbox.app.call('history.resendResume', { jobId })).rejects.toThrow(/nothing to resume/);

    const all = await logged(sandbox, firstResend);
    expect(all).toHaveLength(PENDING);
    expect(new Set(all).size).toBe(PENDING);
    expect((await sandbox.app.call('history.summary', {})).pendingEvents).toBe(0);
  }, 120_000);

  it('a resend job under way when Hooklab quits is resumable after the restart, with no duplicate', async () => {
    const app = () => sandbox!.app;
    await sandbox!.setWebhook(failing.url);
    await Promise.all(Array.from({ length: 30 }, (_, i) => app().call('sandbox.sendEvent', { event: event(`q-${i}`) })));
    await app().call('history.pollNow', {});
    const summary = await app().call('history.summary', {});
    expect(summary.pendingEvents).toBe(30);
    await sandbox!.setWebhook(sandbox!.elsewhere.url);

    const started = await app().call('history.resendWhere', { where: { pendingOnly: true }, ratePerSecond: 10, concurrency: 1 });
    const jobId = 'jobId' in started ? started.jobId : '';
    let sent = 0;
    await new Promise<void>((resolve) => {
      const stop = app().core.ctx.runtime.bus.on('job.progress', (p) => {
        if (p.jobId === jobId && p.done >= 3) {
          sent = p.done;
          stop();
          resolve();
        }
      });
    });
    // Quit with the job running: stopping the core cancels it, and its rest goes to disk.
    await sandbox!.close();
    sandbox = await startSandboxApp(undefined, dataDir);
    await sandbox.setWebhook(sandbox.elsewhere.url);
    const resumed = await app().call('history.resendResume', { jobId, ratePerSecond: 100 });
    expect(resumed.resends).toBeGreaterThan(0);
    expect(resumed.resends).toBeLessThanOrEqual(30 - sent);
    expect(await ended(sandbox, resumed.jobId)).toMatchObject({ state: 'done', done: resumed.resends });

    const all = await logged(sandbox, summary.cursor);
    expect(all).toHaveLength(30);
    expect(new Set(all).size).toBe(30);
    expect((await app().call('history.summary', {})).pendingEvents).toBe(0);
  }, 120_000);
});
