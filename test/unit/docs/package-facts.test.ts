import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const root = new URL('../../../', import.meta.url);
const read = (path: string) => readFileSync(new URL(path, root), 'utf8');
const manifest = JSON.parse(read('package.json')) as { dependencies: Record<string, string>; engines: { node: string } };
/** One paragraph per line, so a fact broken over lines still matches. */
const prose = (path: string) => read(path).replace(/\n(?!\n)/g, ' ');

describe('what the docs say about the packed package', () => {
  it("docs/cli.md names every runtime dependency of package.json", () => {
    const cli = prose('docs/cli.md');
    const sentence = /Its runtime dependencies are only ([^:]+):/.exec(cli)?.[1] ?? '';
    for (const name of Object.keys(manifest.dependencies)) expect(sentence, name).toContain(`\`${name}\``);
  });

  it('README and docs/cli.md say which Node the package needs, apart from the checkout', () => {
    const needed = manifest.engines.node.replace('>=', '');
    expect(prose('README.md')).toMatch(new RegExp(`package you install into your own project .*needs Node ${needed.replace('.', '\\.')} or newer`));
    expect(prose('docs/cli.md')).toContain(`The package needs Node ${needed} or newer`);
  });
});
