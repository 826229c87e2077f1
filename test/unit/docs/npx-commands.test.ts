import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const pages = ['README.md', ...readdirSync(`${root}/docs`).filter((f) => f.endsWith('.md')).map((f) => `docs/${f}`)];

/**
 * Every `npx … hooklab` a page shows runs with --no-install: where no local install exists (a
 * fresh clone, CI before `npm ci`, an agent's folder), a plain `npx hooklab` downloads and runs
 * whatever the public registry serves under that unclaimed name, with HOOKLAB_WEBHOOK_KEY in its
 * environment. "A plain `npx hooklab`" is the warning against it, and stays.
 */
describe('the documented commands run only the installed hooklab', () => {
  for (const page of pages) {
    it(`${page}: no plain npx hooklab`, () => {
      const text = readFileSync(`${root}/${page}`, 'utf8');
      const calls = [...text.matchAll(/(?<!plain `)\bnpx((?:\s+-[-\w]+)*)\s+hooklab\b/g)];
      for (const call of calls) expect(call[1], `${page}: "${call[0]}"`).toMatch(/--no-install/);
    });
  }
});
