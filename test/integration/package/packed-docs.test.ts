import { execFileSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../..', import.meta.url));

describe('the packed CLI ships its docs (search_docs and the MCP resources read them)', () => {
  it('npm pack includes README.md and every docs/*.md beside dist/package', () => {
    // --dry-run --ignore-scripts: the file list `files` selects, without building or writing a tarball.
    const out = execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
    const files = (JSON.parse(out) as Array<{ files: Array<{ path: string }> }>)[0]!.files.map((f) => f.path);
    const docs = readdirSync(`${root}/docs`).filter((n) => n.endsWith('.md')).map((n) => `docs/${n}`);
    expect(files).toEqual(expect.arrayContaining(['README.md', ...docs]));
    // Screenshots stay out: the docs' text is what the package needs.
    expect(files.some((f) => f.startsWith('docs/ui/'))).toBe(false);
  }, 60_000);
});
