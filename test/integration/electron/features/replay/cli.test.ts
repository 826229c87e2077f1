import { afterEach, describe, expect, it } from 'vitest';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CHECK_IDS } from '../../../../../shared/contract/replay-checks';
import { startHandler, type TestHandler } from '../../../../fixtures/handlers';
import { tempDirs } from '../../../../support/temp-dirs';
import { runHooklab, runNode } from '../../../../support/hooklab-cli';
import { independentSignature, TEST_KEY } from './replay-helpers';

const root = fileURLToPath(new URL('../../../../../', import.meta.url));
const handlers: TestHandler[] = [];
afterEach(async () => {
  await Promise.all(handlers.splice(0).map((h) => h.close()));
});
const newDir = tempDirs('hooklab-cli-');

/** A `hooklab` command run to its end in its own process group (which must be gone after). */
const run = (args: string[], env: Record<string, string | undefined> = { HOOKLAB_WEBHOOK_KEY: TEST_KEY }) => runHooklab(args, { env });

describe('hooklab check-handler', () => {
  it('exits 0 for a correct handler and prints exactly one JSON object with --json', async () => {
    const h = await startHandler('correct', { key: TEST_KEY });
    handlers.push(h);
    const r = await run(['check-handler', h.url, '--json']);
    expect(r.code).toBe(0);
    const lines = r.stdout.trim().split('\n');
    expect(lines).toHaveLength(1);
    const report = JSON.parse(lines[0]!) as { url: string; passed: boolean; checks: Array<Record<string, unknown>> };
    expect(Object.keys(report).sort()).toEqual(['checks', 'passed', 'url']);
    expect(report.url).toBe(h.url);
    expect(report.passed).toBe(true);
    expect(report.checks.map((c) => c['id'])).toEqual([...CHECK_IDS]);
    for (const c of report.checks) expect(Object.keys(c).sort()).toEqual(['id', 'latencyMs', 'message', 'passed', 'status', 'traceId']);
  }, 30_000);

  it('exits 1 with a readable report naming the failed check and its fix', async () => {
    const h = await startHandler('accepts-hex', { key: TEST_KEY });
    handlers.push(h);
    const r = await run(['check-handler', h.url, '--only', 'hex-signature-rejected,valid-signature-accepted']);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/PASS {2}valid-signature-accepted/);
    expect(r.stdout).toMatch(/FAIL {2}hex-signature-rejected/);
    expect(r.stdout).toMatch(/fix: Compare against the Base64 encoding/);
    expect(r.stdout).toMatch(/1 of 2 checks passed/);
  }, 30_000);

  it('exits 2 for an unreachable handler, a usage error or a missing key, saying why', async () => {
    const h = await startHandler('correct', { key: TEST_KEY });
    await h.close();
    const unreachable = await run(['check-handler', h.url, '--json']);
    expect(unreachable.code).toBe(2);
    expect(unreachable.stderr).toMatch(/could not be reached: connection refused/);
    expect(JSON.parse(unreachable.stdout)).toMatchObject({ url: h.url, passed: false, checks: [] });
    const usage = await run(['check-handler', h.url, '--only', 'no-such-check']);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toMatch(/unknown check id no-such-check/);
    expect(usage.stdout).toBe('');
    // An empty data folder: no key there either (the default folder could hold one).
    const noKey = await run(['check-handler', h.url, '--data-dir', newDir()], {});
    expect(noKey.code).toBe(2);
    expect(noKey.stderr).toMatch(/set HOOKLAB_WEBHOOK_KEY/);
    const remote = await run(['check-handler', 'http://192.0.2.1:9/hook']);
    expect(remote.code).toBe(2);
    expect(remote.stderr).toMatch(/not on this machine: pass --allow-non-loopback/);
  }, 30_000);

  it('runs as the npm script does (tsx electron/hosts/cli/check-handler.ts) with --timeout-ms', async () => {
    const h = await startHandler('slow', { key: TEST_KEY, delayMs: 600 });
    handlers.push(h);
    const tsx = join(root, 'node_modules/tsx/dist/cli.mjs');
    const r = await runNode([tsx, 'electron/hosts/cli/check-handler.ts', h.url, '--only', 'timely-response', '--timeout-ms', '200', '--json'], { env: { HOOKLAB_WEBHOOK_KEY: TEST_KEY } });
    expect(r.code).toBe(1);
    const report = JSON.parse(r.stdout) as { checks: Array<{ id: string; passed: boolean; message: string }> };
    expect(report.checks).toEqual([expect.objectContaining({ id: 'timely-response', passed: false, message: expect.stringMatching(/no answer within the service’s 0.2 s/) })]);
  }, 30_000);
});

describe('hooklab sign', () => {
  it('prints the Base64 HMAC of the exact bytes of a file', async () => {
    const file = join(newDir(), 'event.json');
    const bytes = Buffer.from('{"type":"Created"}\r\n\u00ff', 'latin1');
    writeFileSync(file, bytes);
    const r = await run(['sign', file]);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(`${independentSignature(TEST_KEY, bytes)}\n`);
    const missing = await run(['sign', join(newDir(), 'nope.json')]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/cannot read .*ENOENT/);
  }, 30_000);
});
