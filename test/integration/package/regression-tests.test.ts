import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { scenarioFileText } from '../../../shared/scenario/scenario-file';
import { recordedOrder } from '../../fixtures/recorded-order';
import { startStatefulHandler, type StatefulHandler, type StatefulKind } from '../../fixtures/stateful-handler';
import { installPackedHooklab, run, userEnv } from './packed-project';

const KEY = 'packed-regression-key-77a3';

/**
 * `hooklab scenario test` as a user runs it: the packed tarball installed into a fresh project
 * with Vitest, Jest and TypeScript from npm (the cache first), the installed bin writing a Vitest
 * and a Jest file from a scenario file, each file type-checked and run by its own runner against
 * real handlers on loopback: red against the one that applies a retried SuccessPayment twice,
 * green against the correct one. Slow (a pack and an install), as the other package tests.
 */
describe('regression tests written by the packed hooklab, in a fresh project', () => {
  let work: string;
  let project: string;
  const env = userEnv();
  const handlers: StatefulHandler[] = [];

  beforeAll(async () => {
    ({ work, project } = await installPackedHooklab('hooklab-regression-', ['vitest@5', 'jest@30', 'typescript@5.9', '@types/node@24']));
    writeFileSync(join(project, 'order.json'), scenarioFileText(recordedOrder()));
    for (const [framework, file] of [['vitest', 'order.regression.test.ts'], ['jest', 'order.regression.test.mjs']]) {
      await run('npx', ['--no-install', 'hooklab', 'scenario', 'test', 'order.json', '-o', file!, '--framework', framework!, '--expect', 'orders.{orderId}.payments=1', '--data-dir', join(work, 'data')], { cwd: project, env });
    }
  }, 600_000);

  afterEach(async () => {
    for (const h of handlers.splice(0)) await h.close();
  });

  afterAll(() => {
    if (work) rmSync(work, { recursive: true, force: true });
  });

  /** The variables the written file reads, for a handler of this kind. */
  async function against(kind: StatefulKind): Promise<NodeJS.ProcessEnv> {
    const h = await startStatefulHandler(kind, KEY);
    handlers.push(h);
    return { ...env, HOOKLAB_HANDLER_URL: h.url, HOOKLAB_WEBHOOK_KEY: KEY, HOOKLAB_STATE_URL: h.stateUrl };
  }

  /** Runs a command to its end: its exit status and everything it printed. */
  async function outcome(command: string, args: string[], runEnv: NodeJS.ProcessEnv): Promise<{ code: number; output: string }> {
    try {
      const r = await run(command, args, { cwd: project, env: runEnv, maxBuffer: 16 << 20 });
      return { code: 0, output: `${r.stdout}${r.stderr}` };
    } catch (error) {
      const e = error as { code: number; stdout: string; stderr: string };
      return { code: e.code, output: `${e.stdout}${e.stderr}` };
    }
  }

  it('the Vitest file type-checks with strict tsc against the shipped .d.ts', async () => {
    writeFileSync(
      join(project, 'tsconfig.json'),
      JSON.stringify({ compilerOptions: { strict: true, exactOptionalPropertyTypes: true, noEmit: true, module: 'nodenext', target: 'es2023', skipLibCheck: false, types: ['node'] }, files: ['order.regression.test.ts'] }),
    );
    await run('npx', ['--no-install', 'tsc', '-p', '.'], { cwd: project, env });
  }, 120_000);

  it('the Vitest file fails against the buggy handler, naming the difference, and passes against the correct one', async () => {
    const red = await outcome('npx', ['--no-install', 'vitest', 'run', 'order.regression.test.ts'], await against('processes-duplicates'));
    expect(red.code).not.toBe(0);
    expect(red.output).toContain('orders.900001.payments: expected 1, got 2');
    const green = await outcome('npx', ['--no-install', 'vitest', 'run', 'order.regression.test.ts'], await against('correct'));
    expect(green.output).toMatch(/Tests\s+1 passed/);
    expect(green.code).toBe(0);
  }, 120_000);

  it('the Jest file fails against the buggy handler and passes against the correct one', async () => {
    const jest = ['--no-install', 'jest', 'order.regression.test.mjs'];
    const red = await outcome('npx', jest, { ...(await against('processes-duplicates')), NODE_OPTIONS: '--experimental-vm-modules' });
    expect(red.code).not.toBe(0);
    expect(red.output).toContain('orders.900001.payments: expected 1, got 2');
    const green = await outcome('npx', jest, { ...(await against('correct')), NODE_OPTIONS: '--experimental-vm-modules' });
    expect(green.output).toMatch(/Tests:\s+1 passed/);
    expect(green.code).toBe(0);
  }, 120_000);

  it('a missing variable fails the test with the one line saying which to set', async () => {
    const { HOOKLAB_WEBHOOK_KEY: _key, ...withoutKey } = await against('correct');
    void _key;
    const r = await outcome('npx', ['--no-install', 'vitest', 'run', 'order.regression.test.ts'], withoutKey);
    expect(r.code).not.toBe(0);
    expect(r.output).toContain('HOOKLAB_WEBHOOK_KEY is not set: set it to the key your handler verifies signatures with');
  }, 120_000);
});
