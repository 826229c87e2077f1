import { afterEach, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { DEFAULT_POLL_BUDGET } from '../../../../../electron/features/history/poller';
import { pollerRig, type PollerRig } from '../../features/history/poller-harness';
import { tempDirs } from '../../../../support/temp-dirs';
import { delivery, startLyingService, type LyingService } from './lying-service';

const MB = 1024 * 1024;

/** Bytes of payloads (and URLs) the local copy holds now: what retention caps. */
const copyBytes = (rig: PollerRig) =>
  Number((rig.db.prepare('SELECT coalesce(sum(length(payload) + length(url)), 0) AS n FROM history_deliveries').get() as { n: number }).n);

describe('the history poller against a hostile service on loopback', () => {
  const services: LyingService[] = [];
  const tempDir = tempDirs('hooklab-hostile-history-');
  afterEach(async () => {
    for (const s of services.splice(0)) await s.close();
  });

  it('announcing a billion deliveries of big payloads: each poll copies one bounded budget, and retention holds while copying', async () => {
    const payload = 'x'.repeat(20_000); // 100 per page: 2 MB pages
    let rig: PollerRig | null = null;
    let largestCopy = 0;
    const service = await startLyingService((query, res) => {
      // Measured as each page is asked for: what the copy held while the poll was copying.
      if (rig) largestCopy = Math.max(largestCopy, copyBytes(rig));
      const after = Number(/id>(\d+)/.exec(query.get('filters') ?? '')?.[1] ?? 0);
      // The service stops after 60 pages (120 MB): an unbounded poll copies all of it at once.
      const rows = after >= 6_000 ? [] : Array.from({ length: 100 }, (_, i) => ({ ...delivery(after + 1 + i), payload: JSON.stringify({ orderId: `o-${after + 1 + i}`, payload }) }));
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ webhookEvents: rows, totalCount: 1_000_000_000 }));
    });
    services.push(service);
    const retention = { maxDeliveries: 100_000, maxBytes: 4 * MB };
    rig = pollerRig({ dbPath: join(tempDir(), 'h.db'), baseUrl: service.baseUrl, creds: { clientId: 'c', clientSecret: 's' } as never, retention });
    try {
      const first = await rig.poller.runOnce();
      expect(first.error).toBeNull();
      expect(first.more).toBe(true);
      // One poll: at most the budget's bytes (plus the page that crossed it) and pages.
      expect(first.pages).toBeLessThanOrEqual(Math.ceil(DEFAULT_POLL_BUDGET.bytes / (2 * MB)) + 1);
      expect(service.listRequests.length).toBe(first.pages);
      expect(rig.status.state).toBe('behind');
      // Retention keeps pace: the copy never held more than its cap, a quarter of it and a page.
      expect(largestCopy).toBeLessThanOrEqual(retention.maxBytes * 1.25 + 2.1 * MB);
      expect(copyBytes(rig)).toBeLessThanOrEqual(retention.maxBytes);
      // The rest comes in later polls, each bounded the same way, until the service is done.
      let polls = 1;
      for (let r = first; r.more; polls++) {
        r = await rig.poller.runOnce();
        expect(r.error).toBeNull();
        expect(copyBytes(rig)).toBeLessThanOrEqual(retention.maxBytes);
      }
      expect(polls).toBeGreaterThan(2);
      expect(largestCopy).toBeLessThanOrEqual(retention.maxBytes * 1.25 + 2.1 * MB);
    } finally {
      await rig.close();
    }
  }, 120_000);
});
