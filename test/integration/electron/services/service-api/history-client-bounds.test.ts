import { afterEach, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { HistoryClient } from '../../../../../electron/services/service-api/history-client';
import { systemClock } from '../../../../../electron/services/platform/clock';
import { errorOf } from '../../features/history/client-fixtures';
import { localIds, pollerRig } from '../../features/history/poller-harness';
import { tempDirs } from '../../../../support/temp-dirs';
import { delivery, startLyingService, type LyingService } from './lying-service';

const MB = 1024 * 1024;

function clientFor(service: LyingService): HistoryClient {
  return new HistoryClient({
    connection: { baseUrl: service.baseUrl, apiV3Url: service.apiV3Url, clientId: 'c', clientSecret: 's' },
    fetch,
    clock: systemClock,
  });
}

describe('the history client against a service that sends too much', () => {
  const services: LyingService[] = [];
  const tempDir = tempDirs('hooklab-history-bounds-');
  afterEach(async () => {
    for (const s of services.splice(0)) await s.close();
  });

  it('stops reading a list reply past its byte cap, without waiting for the rest', async () => {
    let written = 0;
    let closedEarly = false;
    const service = await startLyingService((_query, res) => {
      // A reply that would go on for 1 GB, written as fast as the client reads it.
      res.writeHead(200, { 'content-type': 'application/json' });
      const chunk = Buffer.alloc(MB, 0x20);
      res.write('{"webhookEvents":[],"totalCount":0,"padding":"');
      const pump = () => {
        while (written < 1024 * MB) {
          written += chunk.length;
          if (!res.write(chunk)) return void res.once('drain', pump);
        }
        res.end('"}');
      };
      res.on('close', () => (closedEarly = written < 1024 * MB));
      pump();
    });
    services.push(service);
    const error = await errorOf(clientFor(service).list({ pageSize: 10 }));
    expect(error.kind).toBe('too-large');
    expect(error.message).toMatch(/more than 32 MB/);
    await expect.poll(() => closedEarly).toBe(true);
    expect(written).toBeLessThan(256 * MB);
  });

  it('refuses a reply whose declared length is over the cap before reading it', async () => {
    const service = await startLyingService((_query, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(64 * MB) });
      res.write('{');
    });
    services.push(service);
    expect((await errorOf(clientFor(service).list({}))).kind).toBe('too-large');
  });

  it('refuses a page larger than the page size asked for', async () => {
    const service = await startLyingService((_query, res) => {
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ webhookEvents: [1, 2, 3].map(delivery), totalCount: 3 }));
    });
    services.push(service);
    const error = await errorOf(clientFor(service).list({ pageSize: 2 }));
    expect([error.kind, error.message]).toEqual([
      'oversized-page',
      'the service answered a page of 3 deliveries when at most 2 were asked for; the page was not stored',
    ]);
    // Omitted, the service's own default (50) is the most a page may hold.
    expect((await clientFor(service).list({})).webhookEvents).toHaveLength(3);
  });

  it('a service that never ends its pages, announcing 100, costs one budget per poll: totalCount is no bound, and no error', async () => {
    const service = await startLyingService((query, res) => {
      // Always 100 new ids after the cursor, always "100 in total": the pages never end.
      const after = Number(/id>(\d+)/.exec(query.get('filters') ?? '')?.[1] ?? 0);
      const rows = Array.from({ length: 100 }, (_, i) => delivery(after + 1 + i));
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ webhookEvents: rows, totalCount: 100 }));
    });
    services.push(service);
    const rig = pollerRig({ dbPath: join(tempDir(), 'h.db'), baseUrl: service.baseUrl, creds: { clientId: 'c', clientSecret: 's' } as never, budget: { pages: 12, bytes: 64 * MB } });
    try {
      const result = await rig.poller.runOnce();
      expect(result).toMatchObject({ error: null, pages: 12, more: true });
      expect(rig.status.state).toBe('behind');
      expect(service.listRequests).toHaveLength(12);
      expect(localIds(rig.db)).toHaveLength(1_200);
      // The next poll goes on from the cursor, one budget again.
      expect(await rig.poller.runOnce()).toMatchObject({ error: null, pages: 12, more: true });
      expect(localIds(rig.db)).toHaveLength(2_400);
    } finally {
      await rig.close();
    }
  });

  it('keeps the history copy within its retention, oldest removed first, without fetching them again', async () => {
    const total = 300;
    const pad = 'p'.repeat(10_000);
    const service = await startLyingService((query, res) => {
      const after = Number(/id>(\d+)/.exec(query.get('filters') ?? '')?.[1] ?? 0);
      const rows = Array.from({ length: Math.max(0, Math.min(100, total - after)) }, (_, i) => ({ ...delivery(after + 1 + i), payload: JSON.stringify({ orderId: `o-${after + 1 + i}`, pad }) }));
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ webhookEvents: rows, totalCount: total - after }));
    });
    services.push(service);
    const rig = pollerRig({
      dbPath: join(tempDir(), 'h.db'),
      baseUrl: service.baseUrl,
      creds: { clientId: 'c', clientSecret: 's' } as never,
      retention: { maxDeliveries: 150, maxBytes: 1024 ** 3 },
    });
    try {
      expect((await rig.poller.runOnce()).error).toBeNull();
      const kept = localIds(rig.db);
      expect(kept).toHaveLength(150);
      expect(kept[0]).toBe(151);
      expect(kept.at(-1)).toBe(300);
      // A second poll asks after the cursor (300), not for the removed ones.
      const asked = service.listRequests.length;
      await rig.poller.runOnce();
      expect(service.listRequests.slice(asked).every((r) => r.includes('id%3E300'))).toBe(true);
      // The byte cap: 1 MB of ~10 KB payloads keeps about a hundred, the newest.
      expect(rig.store.enforceRetention('sandbox', { maxDeliveries: 1_000, maxBytes: 1024 * 1024 })).toBeGreaterThan(40);
      const byBytes = localIds(rig.db);
      expect(byBytes.at(-1)).toBe(300);
      expect(byBytes.length).toBeLessThanOrEqual(105);
    } finally {
      await rig.close();
    }
  });
});
