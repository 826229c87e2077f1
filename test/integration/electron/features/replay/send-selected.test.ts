import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobProgress } from '../../../../../shared/contract';
import { SIGNATURE_HEADER } from '../../../../../shared/service';
import { startHandler, type TestHandler } from '../../../../fixtures/handlers';
import type { TestApp } from '../../../../support/app-harness';
import { eventBody, post } from '../live/live-helpers';
import { header, independentSignature, startReplayApp, TEST_KEY } from './replay-helpers';

/** Live → "Replay selected": received deliveries replayed in order, re-signed, as a job. */
describe('replay.sendSelected', () => {
  let app: TestApp;
  let handler: TestHandler;
  beforeAll(async () => {
    app = await startReplayApp({ withListener: true });
    handler = await startHandler('correct', { key: TEST_KEY });
  });
  afterAll(async () => {
    await app?.close();
    await handler?.close();
  });

  it('replays each selected delivery in order, each re-signed, and says it through job.progress', async () => {
    const listener = `http://127.0.0.1:${app.core.ctx.runtime.status.get().listener.port}/webhooks`;
    for (const orderId of ['first', 'second', 'third']) {
      expect((await post(listener, eventBody({ orderId }), { 'Content-Type': 'application/json' })).status).toBeLessThan(300);
    }
    const ids = (await app.call('live.list', {})).rows.map((d) => d.id).sort((a, b) => a - b);
    expect(ids).toHaveLength(3);
    const ended = new Promise<JobProgress>((resolve) => {
      const off = app.core.ctx.runtime.bus.on('job.progress', (p) => {
        if (p.state !== 'running') {
          off();
          resolve(p);
        }
      });
    });
    const { jobId } = await app.call('replay.sendSelected', { ids, targetUrl: handler.url, ratePerSecond: 50 });
    expect(await ended).toMatchObject({ jobId, kind: 'replay.send', state: 'done', done: 3, total: 3, failed: 0 });
    expect(handler.received.map((r) => (JSON.parse(r.body.toString('utf8')) as { orderId: string }).orderId)).toEqual(['first', 'second', 'third']);
    for (const r of handler.received) expect(header(r.rawHeaders, SIGNATURE_HEADER)).toBe(independentSignature(TEST_KEY, r.body));
    expect((await app.call('replay.history', {})).total).toBe(3);
  });
});
