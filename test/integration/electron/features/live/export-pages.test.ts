import { describe, expect, it } from 'vitest';
import { EXPORT_PAGE_MAX_BYTES } from '../../../../../electron/services/data/delivery-store';
import { eventBody, post, postBigEvents, startLiveApp } from './live-helpers';
import type { CallResult } from '../../../../../shared/contract';
import { closedAfterEach } from '../../../../support/closed-after-each';

type ExportPage = CallResult<'live.export'>;

const closeAfter = closedAfterEach();

describe('"Export all" with big bodies', () => {
  it('pages by bytes as well as rows, says how many in all, and loses no delivery', async () => {
    const app = closeAfter(await startLiveApp({}, null));
    for (const status of await postBigEvents(app, 8, 'o-')) expect(status).toBe(200);

    const lines: string[] = [];
    const pageSizes: number[] = [];
    let after: number | null = 0;
    while (after !== null) {
      const page: ExportPage = await app.call('live.export', { afterId: after, limit: 2_000 });
      // Everything stored when the page was read: the 8, and one more sent after each earlier page.
      expect(page.total).toBe(8 + pageSizes.length);
      // At most the page's byte budget, as Base64 and text, plus the lines' other fields.
      expect(page.ndjson.length).toBeLessThan((EXPORT_PAGE_MAX_BYTES * 7) / 3 + 64 * 1024);
      pageSizes.push(page.count);
      lines.push(...page.ndjson.split('\n').filter((l) => l !== ''));
      // The listener answers between pages: the export never holds it.
      expect((await post(`${app.listenerUrl}/`, eventBody({ orderId: `during-${pageSizes.length}` }))).status).toBe(200);
      after = page.nextAfterId;
    }
    expect(pageSizes.length).toBeGreaterThan(2);
    const orderIds = lines.map((l) => (JSON.parse(Buffer.from((JSON.parse(l) as { bodyBase64: string }).bodyBase64, 'base64').toString()) as { orderId: string }).orderId);
    expect(orderIds.slice(0, 8)).toEqual(Array.from({ length: 8 }, (_, i) => `o-${i}`));
  });

  it('pages the selected deliveries by bytes too', async () => {
    const app = closeAfter(await startLiveApp({}, null));
    await postBigEvents(app, 5, 's-', 'c');
    const ids = (await app.call('live.list', {})).rows.map((r) => r.id);
    let after: number | null = 0;
    let count = 0;
    let pages = 0;
    while (after !== null) {
      const page: ExportPage = await app.call('live.export', { ids, afterId: after, limit: 5_000 });
      expect(page.total).toBe(5);
      count += page.count;
      pages++;
      after = page.nextAfterId;
    }
    expect([count, pages > 1]).toEqual([5, true]);
  });
});
