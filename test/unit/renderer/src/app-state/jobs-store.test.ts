import { describe, expect, it } from 'vitest';
import { applyJobProgress, createJobsStore, endedAt, fromList, resumableJobIds } from '../../../../../renderer/src/app-state/jobs-store';
import type { JobProgress, JobView } from '../../../../../shared/contract';
import type { Transport } from '../../../../../renderer/src/transport';

const progress = (patch: Partial<JobProgress> = {}): JobProgress => ({
  jobId: 'j1',
  kind: 'history.resend',
  done: 0,
  total: 9,
  failed: 0,
  state: 'running',
  startedAt: '2026-01-01T10:00:00.000Z',
  ...patch,
});
const view = (patch: Partial<JobView> = {}): JobView => ({ ...progress(), title: 'Resend 9', error: null, resumable: false, ...patch });

describe('the jobs store', () => {
  it('applies progress over what jobs.list said, keeping the title', () => {
    const jobs = applyJobProgress(fromList([view()]), progress({ done: 9, state: 'done', finishedAt: '2026-01-01T10:00:05.000Z' }));
    expect(jobs['j1']).toMatchObject({ title: 'Resend 9', done: 9, state: 'done', finishedAt: '2026-01-01T10:00:05.000Z' });
  });

  it('forgets, after a restart, a finished job the core no longer lists (no stale "finished 9 of 9")', async () => {
    const listed: JobView[][] = [[view({ state: 'done', done: 9, finishedAt: '2026-01-01T10:00:05.000Z' })], []];
    let reconnect: () => void = () => {};
    const transport = {
      kind: 'browser',
      call: async () => ({ jobs: listed.shift() ?? [] }),
      subscribe: () => () => {},
      onReconnect: (cb: () => void) => ((reconnect = cb), () => {}),
      onDenied: () => () => {},
    } as unknown as Transport;
    const store = createJobsStore(transport);
    const stop = store.follow();
    await new Promise((resolve) => setImmediate(resolve));
    expect(Object.keys(store.use.getState().jobs)).toEqual(['j1']);
    reconnect();
    await new Promise((resolve) => setImmediate(resolve));
    expect(store.use.getState().jobs).toEqual({});
    stop();
  });

  it('says when a job ended and how long ago', () => {
    const at = Date.parse('2026-01-01T10:00:00.000Z');
    expect(endedAt({ finishedAt: undefined }, at)).toBeNull();
    expect(endedAt({ finishedAt: '2026-01-01T10:00:00.000Z' }, at + 9 * 60_000)).toMatch(/\(9 min ago\)$/);
    expect(endedAt({ finishedAt: '2026-01-01T10:00:00.000Z' }, at + 10_000)).toMatch(/\(just now\)$/);
  });

  it('lists the resends that can be resumed, newest first, and drops a note the next progress no longer has', () => {
    const jobs = fromList([
      view({ jobId: 'a', state: 'cancelled', resumable: true, finishedAt: '2026-01-01T10:00:00.000Z' }),
      view({ jobId: 'b', state: 'cancelled', resumable: true, finishedAt: '2026-01-01T11:00:00.000Z' }),
      view({ jobId: 'c', state: 'cancelled', resumable: false }),
      view({ jobId: 'd', kind: 'replay.send', state: 'cancelled', resumable: true }),
    ]);
    expect(resumableJobIds(jobs, 'history.resend')).toEqual(['b', 'a']);
    // A resume takes a job's rest: its progress says so, and it is listed no more.
    const resumed = applyJobProgress(jobs, progress({ jobId: 'b', state: 'cancelled', resumable: false }));
    expect(resumableJobIds(resumed, 'history.resend')).toEqual(['a']);
    const noted = applyJobProgress(fromList([view({ note: 'retrying' })]), progress({ done: 1 }));
    expect(noted.j1!.note).toBeUndefined();
  });

  it('says the time on the 24-hour clock the rest of the app uses (not "09:08 PM")', () => {
    const evening = new Date(2026, 0, 1, 21, 8, 30);
    expect(endedAt({ finishedAt: evening.toISOString() }, evening.getTime() + 60_000)).toBe('21:08 (1 min ago)');
  });
});
