import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { scenarioFileText, type ScenarioFile } from '../../../../../shared/scenario/scenario-file';
import { recordedOrder } from '../../../../fixtures/recorded-order';
import { runHooklab, startHooklab } from '../../../../support/hooklab-cli';
import { processesStoppedAfterEach } from '../../../../support/stopped-processes';
import { tempDirs } from '../../../../support/temp-dirs';
import { failuresOf, runWritten, writtenTestHandlers } from '../../../../support/written-test';

const KEY = 'cli-scenario-test-key-41d0';
const env = { HOOKLAB_WEBHOOK_KEY: KEY };
const newDir = tempDirs('hooklab-scenario-test-');
const processes = processesStoppedAfterEach();
const handler = writtenTestHandlers(KEY, { withState: true });

/** A listener on a fresh data folder that received the sandbox's shipping-delivered order; its order id. */
async function receivedOrder(dataDir: string): Promise<string> {
  const listener = startHooklab(['listen', '--data-dir', dataDir, '--listener-port', '0'], env);
  processes.push(listener);
  const url = (await listener.waitFor(/Ready: listening on (http:\/\/127\.0\.0\.1:\d+\/)/))[1]!;
  const sent = await runHooklab(['trigger', 'shipping-delivered', '--to', url, '--json', '--data-dir', newDir()], { env });
  expect(sent.code).toBe(0);
  return JSON.parse(sent.stdout.split('\n')[0]!).orderId as string;
}

describe('hooklab scenario test', () => {
  it("writes a test from a received order (its derived states by default: passes against the correct handler) and a Jest test from a scenario file with --expect (fails against the buggy one)", async () => {
    const dataDir = newDir();
    const orderId = await receivedOrder(dataDir);
    const dir = newDir();
    const fromOrder = join(dir, 'order.test.ts');
    const r = await runHooklab(['scenario', 'test', orderId, '-o', fromOrder, '--data-dir', dataDir], { cwd: dir });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(`wrote ${fromOrder}\nrun it: HOOKLAB_HANDLER_URL=http://localhost:3000/webhooks HOOKLAB_WEBHOOK_KEY=your-webhook-key npx vitest run order.test.ts`);
    const text = readFileSync(fromOrder, 'utf8');
    expect(text).toContain('shipping: "DELIVERED"');
    await handler('correct');
    await runWritten(text);

    // Never overwritten without --force.
    const again = await runHooklab(['scenario', 'test', orderId, '-o', fromOrder, '--data-dir', dataDir], { cwd: dir });
    expect([again.code, again.stderr.trim()]).toEqual([2, `hooklab scenario test: ${fromOrder} exists: not overwritten (pass --force to replace it)`]);

    const scenario = join(dir, 'order.json');
    writeFileSync(scenario, scenarioFileText(recordedOrder()));
    const jest = join(dir, 'order.test.mjs');
    const fromFile = await runHooklab(['scenario', 'test', 'order.json', '-o', 'order.test.mjs', '--framework', 'jest', '--expect', 'orders.{orderId}.payments=1', '--data-dir', newDir()], { cwd: dir });
    expect(fromFile.code).toBe(0);
    expect(fromFile.stdout).toMatch(/npx jest order\.test\.mjs\n$/);
    const jestText = readFileSync(jest, 'utf8');
    expect(jestText).toContain("from '@jest/globals'");
    await handler('processes-duplicates');
    expect(await failuresOf(jestText)).toEqual(['orders.900001.payments: expected 1, got 2']);
  });

  it('says what is wrong in one line: no such order, a bad --framework', async () => {
    const dir = newDir();
    const none = await runHooklab(['scenario', 'test', '424242', '-o', 'x.test.ts', '--data-dir', newDir()], { cwd: dir });
    expect(none.code).toBe(2);
    expect(none.stderr.trim()).toMatch(/^hooklab scenario test: no received delivery is about order 424242 \(hooklab events lists what was received/);
    const framework = await runHooklab(['scenario', 'test', '424242', '-o', 'x.test.ts', '--framework', 'mocha'], { cwd: dir });
    expect(framework.stderr.trim()).toBe('hooklab scenario test: --framework "mocha": give vitest or jest');
  });
});

describe('hooklab scenario record --redact', () => {
  it("writes the buyer's data as pseudonyms, says so in the file, and the file still replays with valid signatures", async () => {
    const dataDir = newDir();
    const orderId = await receivedOrder(dataDir);
    const file = join(newDir(), 'shared.json');
    const r = await runHooklab(['scenario', 'record', orderId, '-o', file, '--redact', '--data-dir', dataDir]);
    expect(r.stderr).toBe('');
    expect(r.stdout).toMatch(/recorded 7 deliveries to .*shared\.json \(redacted\)/);
    const text = readFileSync(file, 'utf8');
    for (const value of ['Comprador Sandbox', '+50370000000', 'comprador@example.com', 'buyer-sandbox-1']) expect(text).not.toContain(value);
    const scenario = JSON.parse(text) as ScenarioFile;
    expect(scenario.redacted).toBe(true);

    const good = await handler('correct');
    const run = await runHooklab(['scenario', 'run', file, '--to', good.url, '--speed', 'max', '--data-dir', newDir(), '--expect-state', good.stateUrl, '--expect', 'orders.{orderId}.payments=1'], { env });
    expect(run.code).toBe(0);
    expect(good.received.map((d) => d.status)).toEqual(scenario.events.map(() => 200));
  });
});
