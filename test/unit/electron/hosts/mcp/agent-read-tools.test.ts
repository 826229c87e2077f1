import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { CallArgs, CallName } from '../../../../../shared/contract';
import type { ReconciliationView } from '../../../../../shared/contract/history';
import type { ContractClient } from '../../../../../electron/hosts/kit/contract-client';
import { DocsLibrary } from '../../../../../electron/hosts/mcp/docs-library';
import { docsTool } from '../../../../../electron/hosts/mcp/docs-tools';
import { reconcileTool } from '../../../../../electron/hosts/mcp/reconcile-tool';

const root = fileURLToPath(new URL('../../../../..', import.meta.url));
const textOf = (r: { content: Array<{ type: string; text?: string }> }) => r.content.map((c) => c.text ?? '').join('\n');

describe("search_docs over Hooklab's own pages", () => {
  const docs = DocsLibrary.load(root);

  it('loads README.md and every docs/*.md', () => {
    const paths = docs.pages.map((p) => p.path);
    expect(paths[0]).toBe('README.md');
    expect(paths).toEqual(expect.arrayContaining(['docs/mcp.md', 'docs/cli.md', 'docs/live.md', 'docs/security.md']));
  });

  it('ranks sections by heading and rare words, with the heading trail and a snippet', () => {
    const pages = [
      { path: 'docs/a.md', title: 'A', text: '# A\n\n## Rotate the webhook key\n\nAdd the new key, keep the earlier one accepted.\n\n## Other\n\nThe key is the key of keys.' },
      { path: 'docs/b.md', title: 'B', text: '# B\n\nNothing about it.\n\n```sh\n# not a heading\nrotate\n```' },
    ];
    const hits = new DocsLibrary(pages).search('how do I rotate the webhook key');
    expect(hits[0]).toMatchObject({ path: 'docs/a.md', heading: 'A › Rotate the webhook key' });
    expect(hits[0]!.snippet).toMatch(/Add the new key/);
    // A `#` line in a code block is no heading.
    expect(hits.find((h) => h.path === 'docs/b.md')?.heading).toBe('B');
    expect(new DocsLibrary(pages).search('the and of')).toEqual([]);
  });

  it('answers a how-to from the real docs: the tunnel, the key, the agent setup', async () => {
    const tool = docsTool(docs);
    const r = await tool.run({ query: 'tunnel reminder page' } as never);
    const results = (r.structuredContent as { results: Array<{ path: string; uri: string }> }).results;
    expect(results.length).toBeGreaterThan(0);
    expect(results[0]!.uri).toBe(`hooklab://${results[0]!.path}`);
    expect(textOf(r as never)).toMatch(/^Untrusted data/);
  });
});

describe('reconcile', () => {
  const view = (over: Partial<ReconciliationView>): ReconciliationView => ({
    environmentId: 'sandbox',
    computedAt: '2026-03-01T12:00:00.000Z',
    durationMs: 3,
    counts: { received: 0, lost: 0, 'handler-failed': 0, 'refused-by-handler': 0, unlogged: 0, 'not-in-history': 0 },
    totalItems: 0,
    items: [],
    windows: [],
    leftOut: [],
    ...over,
  });
  const lost = (historyId: number, cause: 'other-url' | 'failed-at-service') => ({ category: 'lost' as const, historyId, eventId: historyId * 10, receivedId: null, matchedBy: null, at: '2026-03-01T11:00:00.000Z', cause });

  it('sums the counts and the cause of each lost delivery, most first, and lists them', async () => {
    const asked: Array<CallArgs<'history.reconcile'>> = [];
    const client = {
      async call(name: CallName, args: CallArgs<'history.reconcile'>) {
        expect(name).toBe('history.reconcile');
        asked.push(args);
        const counts = { received: 5, lost: 3, 'handler-failed': 0, 'refused-by-handler': 0, unlogged: 0, 'not-in-history': 0 };
        return view({ counts, items: args.category === 'lost' ? [lost(1, 'other-url'), lost(2, 'failed-at-service'), lost(3, 'other-url')] : [] });
      },
    } as unknown as ContractClient;
    const r = await reconcileTool(client, () => Date.parse('2026-03-01T12:00:00.000Z')).run({ since: '2h' } as never);
    const text = textOf(r as never);
    expect(text).toMatch(/Received here \(received\): 5\./);
    expect(text).toMatch(/Sent, not received here \(lost\): 3\./);
    expect(text).toMatch(/lost because other-url: 2, the service sent it to a URL that is not this Hooklab's\n\s+lost because failed-at-service: 1/);
    expect(text).toMatch(/lost \(other-url\): history 1 event 10/);
    expect(asked[0]).toMatchObject({ since: '2026-03-01T10:00:00.000Z', limit: 0 });
    expect(asked[1]).toMatchObject({ category: 'lost', refresh: false });
    expect((r.structuredContent as { causes: unknown }).causes).toEqual([{ cause: 'other-url', deliveries: 2 }, { cause: 'failed-at-service', deliveries: 1 }]);
  });
});
