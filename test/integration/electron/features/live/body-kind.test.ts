import { describe, expect, it } from 'vitest';
import type { DeliverySummary } from '../../../../../shared/contract/live';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLiveFeature } from '../../../../../electron/features/live/feature';
import { startTestApp } from '../../../../support/app-harness';
import { post, startLiveApp } from './live-helpers';
import { closedAfterEach } from '../../../../support/closed-after-each';

const closeAfter = closedAfterEach();

describe('deliveries without an event type', () => {
  it('say what their body is, in the list and in the live event', async () => {
    const app = closeAfter(await startLiveApp({}, null));
    const pushed: DeliverySummary[] = [];
    const stop = app.core.ctx.runtime.bus.subscribe((event, payload) => {
      if (event === 'live.received') pushed.push(...(payload as { deliveries: DeliverySummary[] }).deliveries);
    });
    await post(`${app.listenerUrl}/empty`, '');
    await post(`${app.listenerUrl}/binary`, Buffer.from([0xff, 0xfe, 0x00, 0x41]));
    await post(`${app.listenerUrl}/text`, 'hello=world');
    await post(`${app.listenerUrl}/json`, '{"hello":"world"}');
    await post(`${app.listenerUrl}/event`, '{"orderId":"o1","type":"Created","level":"Info","orderType":"FULL","description":"d"}');
    stop();
    const { rows } = await app.call('live.list', {});
    const kinds = Object.fromEntries(rows.map((r) => [r.path, r.bodyKind ?? null]));
    expect(kinds).toEqual({ '/empty': 'empty', '/binary': 'not-utf8', '/text': 'not-json', '/json': 'json-without-type', '/event': null });
    expect(Object.fromEntries(pushed.map((r) => [r.path, r.bodyKind ?? null]))).toEqual(kinds);
  });

  it('are listed with the kind stored when they arrived: the listing reads no body', async () => {
    const app = closeAfter(await startLiveApp({}, null));
    await post(`${app.listenerUrl}/text`, 'hello=world');
    // Were the listing to classify the body again, these bytes (not UTF-8) would change its answer.
    app.core.ctx.data.db.prepare(`UPDATE received_deliveries SET body = x'fffe'`).run();
    const { rows } = await app.call('live.list', {});
    expect(rows.map((r) => r.bodyKind)).toEqual(['not-json']);
  });

  it('stored before the kind was (migration 007) get it once at start, and keep it', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'hooklab-body-kind-'));
    try {
      const options = { dataDir, features: (ctx: Parameters<typeof createLiveFeature>[0]) => [createLiveFeature(ctx)], settings: { listener: { port: 0 } } };
      const before = await startTestApp(options);
      const url = `http://127.0.0.1:${before.core.ctx.runtime.status.get().listener.port}`;
      await post(`${url}/text`, 'hello=world');
      await post(`${url}/binary`, Buffer.from([0xff, 0xfe]));
      // As an older Hooklab left them: no kind stored, and no start-up move recorded.
      before.core.ctx.data.db.prepare('UPDATE received_deliveries SET body_kind = NULL').run();
      before.core.ctx.data.db.prepare('DELETE FROM data_moves').run();
      await before.close();

      const after = await startTestApp(options);
      try {
        const { rows } = await after.call('live.list', {});
        expect(Object.fromEntries(rows.map((r) => [r.path, r.bodyKind ?? null]))).toEqual({ '/text': 'not-json', '/binary': 'not-utf8' });
        expect(after.core.ctx.data.db.prepare('SELECT COUNT(*) AS n FROM received_deliveries WHERE body_kind IS NULL').get()).toEqual({ n: 0 });
      } finally {
        await after.close();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
