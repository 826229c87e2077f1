import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const read = (file: string) => readFileSync(`${root}/${file}`, 'utf8');

/**
 * An MCP client runs its servers without a terminal: a documented `npx hooklab` in a folder
 * without a local install would fetch whatever the registry serves under that (unclaimed) name.
 */
describe('the documented agent set-up runs only the installed hooklab', () => {
  for (const file of ['README.md', 'docs/mcp.md']) {
    it(`${file}: every npx runs with --no-install, no configuration names "npx" as its command, and --print-config is shown`, () => {
      const text = read(file);
      // Set-ups of the MCP server; "a plain `npx hooklab`" is the warning against them.
      const npx = [...text.matchAll(/(?<!plain `)npx(?: +-[-\w]+)* +hooklab(?: +-[-\w]+)* +mcp\b/g)].map((m) => m[0]);
      expect(npx.length).toBeGreaterThan(0);
      for (const call of npx) expect(call, call).toMatch(/--no-install/);
      expect(text).not.toMatch(/"command":\s*"npx"/);
      expect(text).toMatch(/hooklab mcp --print-config claude/);
    });
  }
});
