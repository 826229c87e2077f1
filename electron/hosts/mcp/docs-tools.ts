import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import type { DocsLibrary } from './docs-library';
import { line, toolResult } from './tool-result';
import { defineTool, type ToolDefinition } from './tool-definition';

/** The MCP resource URI of a shipped page: `hooklab://README.md`, `hooklab://docs/live.md`. */
export const docUri = (path: string): string => `hooklab://${path}`;

/** search_docs: "how do I …" answered from Hooklab's own docs, shipped with it (no network). */
export function docsTool(docs: DocsLibrary): ToolDefinition {
  return defineTool({
    name: 'search_docs',
    calls: [],
    description:
      "Search Hooklab's own documentation (README and docs/*.md of this installed version) for how to do something: the best sections, each with its page, heading, a snippet and the resource URI to read the whole page (resources/read).",
    input: z.object({ query: z.string().min(1).max(500).describe('What to look for, e.g. "rotate the webhook key" or "tunnel reminder page"') }).strict(),
    async run({ query }) {
      const hits = docs.search(query);
      const results = hits.map((h) => ({ ...h, uri: docUri(h.path) }));
      const text =
        results.length === 0
          ? line`No section of Hooklab's docs matches "${query}" (${docs.pages.length} pages searched). Try other words.`
          : results.map((h, i) => [line`${i + 1}. ${h.path} › ${h.heading} (${h.uri})`, line`   ${h.snippet}`].join('\n')).join('\n');
      return toolResult(text, { query, results });
    },
  });
}

/** Each shipped page as an MCP resource, read whole. */
export function registerDocResources(server: McpServer, docs: DocsLibrary): void {
  for (const page of docs.pages) {
    const uri = docUri(page.path);
    server.registerResource(page.path, uri, { title: page.title, description: `Hooklab docs: ${page.title}`, mimeType: 'text/markdown' }, async () => ({
      contents: [{ uri, mimeType: 'text/markdown', text: page.text }],
    }));
  }
}
