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

interface LockedPackage {
  readonly dev?: boolean;
  readonly engines?: { node?: string } | string[];
}

/** The lowest Node a range admits ("^22.12.0 || >=26" -> [22, 12]): enough to tell Node 20 is too old. */
function lowestNode(range: string): [number, number] {
  const bounds = [...range.matchAll(/(\d+)(?:\.(\d+))?(?:\.\d+)?/g)].map((m) => [Number(m[1]), Number(m[2] ?? 0)] as [number, number]);
  return bounds.sort((a, b) => a[0] - b[0] || a[1] - b[1])[0] ?? [0, 0];
}

describe("README's note on EBADENGINE", () => {
  it('counts the packages of the lock that Node 20 fails, and none is a runtime dependency', () => {
    const lock = JSON.parse(read('package-lock.json')) as { packages: Record<string, LockedPackage> };
    const tooNew = Object.entries(lock.packages).filter(([path, p]) => {
      const node = path !== '' && p.engines && !Array.isArray(p.engines) ? p.engines.node : undefined;
      return node !== undefined && lowestNode(node)[0] > 20;
    });
    const said = Number(/`npm install` prints about (\d+) `EBADENGINE` warnings/.exec(prose('README.md'))?.[1]);
    expect(Math.abs(said - tooNew.length)).toBeLessThanOrEqual(3);
    expect(tooNew.filter(([, p]) => !p.dev).map(([path]) => path)).toEqual([]);
    for (const name of ['OpenTelemetry', 'electron', '@axe-core/playwright', 'vitest']) expect(prose('README.md')).toContain(name);
  });
});
