import { describe, expect, it } from 'vitest';
import { Jobs } from '../../../../../electron/services/jobs/jobs';
import { runPool } from '../../../../../electron/services/jobs/rate-pool';
import { EventBus } from '../../../../../electron/services/kernel/event-bus';
import type { JobProgress } from '../../../../../shared/contract';

function setup(now = { t: Date.parse('2026-01-01T00:00:00Z') }) {
  const bus = new EventBus();
  const events: JobProgress[] = [];
  bus.on('job.progress', (p) => events.push(p));
  return { jobs: new Jobs((p) => bus.emit('job.progress', p), { now: () => now.t }, { keepMs: 60_000, keepCount: 3 }), events, now };
}

/** A promise and its resolve, to hold work until the test lets it go. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

describe('Jobs', () => {
  it('reports progress with the contract shape and ends done with finishedAt', async () => {
    const { jobs, events } = setup();
    const { jobId, result } = jobs.start({ kind: 'replay.send', title: 'Send 2', total: 2 }, async (job) => {
      job.step();
      job.step(true);
      return 'ok';
    });
    expect(await result).toBe('ok');
    await jobs.settled(jobId);
    expect(events.map((e) => [e.done, e.failed, e.state])).toEqual([[0, 0, 'running'], [1, 0, 'running'], [2, 1, 'running'], [2, 1, 'done']]);
    expect(Object.keys(events.at(-1)!).sort()).toEqual(['done', 'failed', 'finishedAt', 'jobId', 'kind', 'startedAt', 'state', 'total']);
    expect(jobs.get(jobId)).toMatchObject({ state: 'done', finishedAt: '2026-01-01T00:00:00.000Z', error: null, resumable: false });
  });

  it('cancels through the signal, and a resumable job that stopped early says so', async () => {
    const { jobs } = setup();
    const held = gate();
    const { jobId } = jobs.start({ kind: 'history.resend', title: 'r', total: 3, resumable: true }, async (job) => {
      job.step();
      await held.opened;
      expect(job.signal.aborted).toBe(true);
    });
    expect(jobs.cancel(jobId)?.state).toBe('running');
    held.open();
    expect(await jobs.settled(jobId)).toMatchObject({ state: 'cancelled', done: 1, resumable: true });
  });

  it('ends failed with the error in words when the work throws', async () => {
    const { jobs } = setup();
    const { jobId, result } = jobs.start({ kind: 'sandbox.scenario', title: 's' }, async () => {
      throw new Error('handler down');
    });
    await expect(result).rejects.toThrow('handler down');
    expect(await jobs.settled(jobId)).toMatchObject({ state: 'failed', error: 'handler down' });
  });

  it('forgets ended jobs after a while and beyond a count, never running ones', async () => {
    const { jobs, now } = setup();
    const held = gate();
    const running = jobs.start({ kind: 'replay.check', title: 'held' }, () => held.opened).jobId;
    for (let i = 0; i < 5; i++) await jobs.run({ kind: 'replay.send', title: `n${i}` }, async () => undefined);
    expect(jobs.list().map((j) => j.title)).toEqual(['n4', 'n3', 'n2', 'held']);
    now.t += 61_000;
    expect(jobs.list().map((j) => j.title)).toEqual(['held']);
    held.open();
    await jobs.settled(running);
  });

  it('stop cancels every running job and waits for it', async () => {
    const { jobs } = setup();
    const { jobId } = jobs.start({ kind: 'replay.send', title: 'long' }, (job) => new Promise<void>((resolve) => job.signal.addEventListener('abort', () => resolve())));
    await jobs.stop();
    expect(jobs.get(jobId)?.state).toBe('cancelled');
  });
});

describe('runPool', () => {
  it('keeps at most `concurrency` under way and runs every item', async () => {
    let active = 0;
    let most = 0;
    const seen: number[] = [];
    await runPool([1, 2, 3, 4, 5, 6, 7], async (item) => {
      active++;
      most = Math.max(most, active);
      await Promise.resolve();
      seen.push(item);
      active--;
    }, { concurrency: 3 });
    expect(most).toBe(3);
    expect(seen.sort()).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('starts nothing new once aborted and answers exactly the items it started', async () => {
    const controller = new AbortController();
    const ran: number[] = [];
    const started = await runPool([10, 11, 12, 13, 14], async (item) => {
      ran.push(item);
      if (item === 11) controller.abort();
    }, { concurrency: 1, signal: controller.signal });
    expect(started).toEqual([0, 1]);
    expect(ran).toEqual([10, 11]);
  });

});

describe('what a job says', () => {
  it('says what is happening while it runs and what it came to when it ends; a total it outgrows follows it', async () => {
    const { jobs, events } = setup();
    const { jobId, result } = jobs.start({ kind: 'sandbox.scenario', title: 's', total: 1, unit: 'deliveries' }, async (job) => {
      job.note('1 attempt; retrying a delivery (attempt 2 of 4): the handler answered 503');
      job.step();
      job.step(true);
      job.setOutcome('delivered 1, refused 0, failed 1');
    });
    await result;
    await jobs.settled(jobId);
    expect(events.find((e) => e.note)).toMatchObject({ note: expect.stringContaining('attempt 2 of 4'), unit: 'deliveries' });
    // Never "2 of 1": the estimate grew with the work.
    expect(events.at(-1)).toMatchObject({ state: 'done', done: 2, total: 2, failed: 1, outcome: 'delivered 1, refused 0, failed 1' });
    expect(events.at(-1)!.note).toBeUndefined();
    expect(jobs.get(jobId)!.note).toBeUndefined();
  });

  it('lists a resumable job of an earlier run, keeps it listed, and a resume makes it resumable no more', () => {
    const { jobs, events, now } = setup();
    const at = '2025-12-31T00:00:00.000Z';
    jobs.restore({ jobId: 'old', kind: 'history.resend', title: 'Resend: 4 not sent yet', done: 0, total: 4, failed: 0, state: 'cancelled', startedAt: at, finishedAt: at, error: null, resumable: true });
    now.t += 24 * 3_600_000;
    expect(jobs.list().map((j) => [j.jobId, j.resumable])).toEqual([['old', true]]);
    jobs.markResumed('old');
    expect(jobs.get('old')!.resumable).toBe(false);
    // Said to followers, so a page drops its Resume at once.
    expect(events.at(-1)).toMatchObject({ jobId: 'old', state: 'cancelled', resumable: false });
    // Resumed, it is an ended job like the others: pruned once old.
    expect(jobs.list()).toEqual([]);
  });
});
