import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { CallResult, JobProgress } from '../../../../../shared/contract';
import { eventBody, post, postBigEvents, startLiveApp, type LiveApp } from './live-helpers';
import { closedAfterEach } from '../../../../support/closed-after-each';

const closeAfter = closedAfterEach();

/** Resolves with the job's last progress once it ended. */
const ended = (live: LiveApp, jobId: string) =>
  new Promise<JobProgress>((resolve) => {
    const stop = live.core.ctx.runtime.bus.on('job.progress', (p) => {
      if (p.jobId === jobId && p.state !== 'running') {
        stop();
        resolve(p);
      }
    });
  });

/** Every part of a finished export, read as the page reads it. */
async function readAll(live: LiveApp, jobId: string): Promise<{ lines: string[]; parts: number; bytes: number }> {
  let text = '';
  let parts = 0;
  let bytes = 0;
  for (let offset: number | null = 0; offset !== null; parts++) {
    const part: CallResult<'live.exportResult'> = await live.call('live.exportResult', { jobId, offset });
    text += part.ndjson;
    bytes = part.bytes;
    offset = part.nextOffset;
  }
  return { lines: text.split('\n').filter((l) => l !== ''), parts, bytes };
}

const orderIdOf = (line: string) =>
  (JSON.parse(Buffer.from((JSON.parse(line) as { bodyBase64: string }).bodyBase64, 'base64').toString()) as { orderId: string }).orderId;

describe('"Export all" as a job', () => {
  it('writes every delivery stored when it started, with progress, and its result is read back in whole lines', async () => {
    const app = closeAfter(await startLiveApp({}, null));
    for (const status of await postBigEvents(app, 8, 'o-')) expect(status).toBe(200);

    const progress: JobProgress[] = [];
    app.core.ctx.runtime.bus.on('job.progress', (p) => progress.push(p));
    const started = await app.call('live.exportAll', {});
    expect(started).toEqual({ jobId: expect.any(String), total: 8 });
    const end = ended(app, started.jobId);
    // Arrives during the export: not in it (it exports what was stored when it started).
    expect((await post(`${app.listenerUrl}/`, eventBody({ orderId: 'during' }))).status).toBe(200);
    expect(await end).toMatchObject({ kind: 'live.export', state: 'done', done: 8, total: 8 });
    expect(await app.call('jobs.get', { jobId: started.jobId })).toMatchObject({ state: 'done', title: 'Export all 8 deliveries' });
    expect(progress.filter((p) => p.jobId === started.jobId && p.state === 'running').length).toBeGreaterThan(1);

    const { lines, parts, bytes } = await readAll(app, started.jobId);
    expect(lines.map(orderIdOf)).toEqual(Array.from({ length: 8 }, (_, i) => `o-${i}`));
    expect(parts).toBeGreaterThan(1);
    expect(bytes).toBe(lines.reduce((n, l) => n + Buffer.byteLength(l) + 1, 0));
    // The data folder's own private folder holds it, nowhere else.
    expect(readdirSync(join(app.dataDir, 'exports'))).toEqual([`${started.jobId}.ndjson`]);
  });

  it('exports only the given ids (a filtered view), oldest first', async () => {
    const app = closeAfter(await startLiveApp({}, null));
    for (let i = 0; i < 5; i++) await post(`${app.listenerUrl}/`, eventBody({ orderId: `s-${i}` }));
    const ids = (await app.call('live.list', {})).rows.map((r) => r.id);
    const chosen = [ids[0]!, ids[3]!];
    const started = await app.call('live.exportAll', { ids: chosen });
    expect(started.total).toBe(2);
    expect(await ended(app, started.jobId)).toMatchObject({ state: 'done', done: 2, total: 2 });
    const { lines } = await readAll(app, started.jobId);
    expect(lines.map(orderIdOf)).toEqual(['s-1', 's-4']);
  });

  it('cancelled, it keeps no result and leaves no partial file', async () => {
    const app = closeAfter(await startLiveApp({}, null));
    await postBigEvents(app, 6, 'c-', 'c');
    const answer = await app.core.invoke('live.exportAll', {});
    if (!answer.ok) throw new Error(answer.error.message);
    const { jobId } = answer.value as { jobId: string };
    const end = ended(app, jobId);
    // Cancelled before its first page was read (the job has only opened its file so far).
    app.core.ctx.runtime.jobs.cancel(jobId);
    expect(await end).toMatchObject({ state: 'cancelled' });
    expect((await end).done).toBeLessThan(6);
    await expect(app.call('live.exportResult', { jobId, offset: 0 })).rejects.toThrow(/no result/);
    const folder = join(app.dataDir, 'exports');
    expect(existsSync(folder) ? readdirSync(folder) : []).toEqual([]);
  });

  it('runs one export at a time: seven at once share one job and one file, other deliveries are refused naming it', async () => {
    const app = closeAfter(await startLiveApp({}, null));
    await postBigEvents(app, 6, 'j-');
    // All asked in the same turn, in this order: the first is still running when the others arrive.
    const seven = Array.from({ length: 7 }, () => app.core.invoke('live.exportAll', {}));
    const other = await app.core.invoke('live.exportAll', { ids: [1, 2] });
    const answers = await Promise.all(seven);
    const jobIds = new Set(answers.map((a) => (a.ok ? (a.value as { jobId: string }).jobId : a.error.message)));
    expect(jobIds.size).toBe(1);
    const [jobId] = [...jobIds];
    const end = ended(app, jobId!);
    expect(other).toMatchObject({ ok: false, error: { code: 'conflict', message: `export ${jobId} is running: one export at a time (wait for it or cancel it)` } });
    expect(await end).toMatchObject({ state: 'done', done: 6 });
    expect(readdirSync(join(app.dataDir, 'exports'))).toEqual([`${jobId}.ndjson`]);
    expect((await app.call('jobs.list', {})).jobs.filter((j) => j.kind === 'live.export')).toHaveLength(1);
    // Once it ended, the next export is a new job.
    const next = await app.call('live.exportAll', { ids: [1, 2] });
    expect(next.jobId).not.toBe(jobId);
  });

  it('keeps the paged live.export of scripts as it was', async () => {
    const app = closeAfter(await startLiveApp({}, null));
    await post(`${app.listenerUrl}/`, eventBody({ orderId: 'p-0' }));
    const page = await app.call('live.export', {});
    expect(page).toMatchObject({ count: 1, nextAfterId: null, total: 1 });
  });
});
