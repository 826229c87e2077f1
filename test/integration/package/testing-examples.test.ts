import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installPackedHooklab, run, userEnv } from './packed-project';

const docs = fileURLToPath(new URL('../../../docs/testing.md', import.meta.url));

/** The code blocks of docs/testing.md marked `<!-- example: RUNNER FILE -->`, by runner. */
function examples(): Map<string, { file: string; code: string }> {
  const found = new Map<string, { file: string; code: string }>();
  const text = readFileSync(docs, 'utf8');
  for (const m of text.matchAll(/<!-- example: (\S+) (\S+) -->\n```\w*\n([\s\S]*?)\n```/g)) found.set(m[1]!, { file: m[2]!, code: `${m[3]!}\n` });
  return found;
}

/**
 * The "Test your integration" examples, run as a user would: the packed tarball installed into a
 * fresh project with Vitest, Jest and TypeScript from npm (the cache first), each example copied
 * out of docs/testing.md and run by its own runner.
 */
describe('docs/testing.md examples against the packed package', () => {
  let work: string;
  let project: string;
  const env = userEnv();
  const blocks = examples();

  beforeAll(async () => {
    ({ work, project } = await installPackedHooklab('hooklab-testing-', ['vitest@5', 'jest@30', 'typescript@5.9', '@types/node@24']));
    for (const { file, code } of blocks.values()) writeFileSync(join(project, file), code);
  }, 600_000);

  afterAll(() => {
    if (work) rmSync(work, { recursive: true, force: true });
  });

  it('has a Vitest and a Jest example', () => {
    expect([...blocks.keys()].sort()).toEqual(['jest', 'vitest']);
  });

  it('the Vitest example passes', async () => {
    const { stdout } = await run('npx', ['--no-install', 'vitest', 'run', blocks.get('vitest')!.file], { cwd: project, env, maxBuffer: 16 << 20 });
    expect(stdout).toMatch(/Tests\s+3 passed/);
  }, 120_000);

  it('the Vitest example type-checks against the shipped .d.ts', async () => {
    writeFileSync(
      join(project, 'tsconfig.json'),
      JSON.stringify({ compilerOptions: { strict: true, noEmit: true, module: 'nodenext', target: 'es2023', skipLibCheck: false, types: ['node'] }, files: [blocks.get('vitest')!.file] }),
    );
    await run('npx', ['--no-install', 'tsc', '-p', '.'], { cwd: project, env });
  }, 120_000);

  it('the Jest example passes', async () => {
    const { stderr } = await run('npx', ['--no-install', 'jest', blocks.get('jest')!.file], {
      cwd: project,
      env: { ...env, NODE_OPTIONS: '--experimental-vm-modules' },
      maxBuffer: 16 << 20,
    });
    expect(stderr).toMatch(/Tests:\s+1 passed/);
  }, 120_000);
});
