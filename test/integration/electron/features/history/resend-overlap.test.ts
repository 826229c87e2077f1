import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobProgress } from '../../../../../shared/contract';
import { event, startSandboxApp, type SandboxApp } from './sandbox-app';

/**
 * A bulk resend over deliveries another running job resends is refused, naming that job:
 * six identical `history.resendWhere` calls at once make one job, not six times the resends.
 */
describe('bulk resends that cover the same deliveries', () => {
  let sandbox: SandboxApp;

  beforeAll(async () => {
    sandbox = await startSandboxApp();
    for (let i = 0; i < 5; i++) await sandbox.app.call('sandbox.sendEvent', { event: event(`overlap-${i}`) });
    await sandbox.app.call('history.pollNow', {});
  }, 60_000);
  afterAll(async () => sandbox?.close());

  const ended = (jobId: string) =>
    new Promise<JobProgress>((resolve) => {
      const view = sandbox.app.core.ctx.runtime.jobs.get(jobId);
      if (view && view.state !== 'running') return resolve(view);
      const stop = sandbox.app.core.ctx.runtime.bus.on('job.progress', (p) => {
        if (p.jobId === jobId && p.state !== 'running') {
          stop();
          resolve(p);
        }
      });
    });

  it('starts one of six identical resendWhere jobs and refuses the others naming it', async () => {
    const { core } = sandbox.app;
    const args = { where: { eventType: 'Created' }, ratePerSecond: 2 };
    const answers = await Promise.all(Array.from({ length: 6 }, () => core.invoke('history.resendWhere', args)));
    const started = answers.filter((a) => a.ok).map((a) => (a.ok ? (a.value as { jobId: string; resends: number }) : null)!);
    expect(started).toHaveLength(1);
    expect(started[0]!.resends).toBe(5);
    const { jobId } = started[0]!;
    for (const refused of answers.filter((a) => !a.ok)) {
      expect(refused).toMatchObject({ ok: false, error: { code: 'conflict', message: `job ${jobId} is already resending 5 of these 5 deliveries: wait for it or cancel it (jobs.cancel) first` } });
    }
    // A resendMany over one of them is refused too while the job runs.
    const one = (await sandbox.app.call('history.local', { limit: 1 })).deliveries[0]!.id;
    expect(await core.invoke('history.resendMany', { ids: [one] })).toMatchObject({ ok: false, error: { code: 'conflict' } });

    expect(await ended(jobId)).toMatchObject({ state: 'done', done: 5 });
    expect((await sandbox.app.call('jobs.list', {})).jobs.filter((j) => j.kind === 'history.resend')).toHaveLength(1);
    // Once it ended, the same resend is a new job.
    const again = await core.invoke('history.resendWhere', args);
    expect(again).toMatchObject({ ok: true, value: { jobId: expect.not.stringMatching(jobId) } });
    await ended((again as { value: { jobId: string } }).value.jobId);
  });
});
