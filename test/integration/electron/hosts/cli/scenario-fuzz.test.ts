import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ScenarioFile } from '../../../../../shared/scenario/scenario-file';
import { startStatefulHandler, type StatefulHandler, type StatefulKind } from '../../../../fixtures/stateful-handler';
import { runHooklab, startHooklab } from '../../../../support/hooklab-cli';
import { parseJunitReport } from '../../../../support/junit-report';
import { tempDirs } from '../../../../support/temp-dirs';

const KEY = 'cli-fuzz-key-5e07';
const env = { HOOKLAB_WEBHOOK_KEY: KEY };
const newDir = tempDirs('hooklab-fuzz-');
const handlers: StatefulHandler[] = [];
const EXPECT = ['--expect', 'orders.{orderId}.payments=1', '--expect', 'orders.{orderId}.shipping=DELIVERED'];

afterEach(async () => {
  for (const h of handlers.splice(0)) await h.close();
});

async function handler(kind: StatefulKind): Promise<StatefulHandler> {
  const h = await startStatefulHandler(kind, KEY);
  handlers.push(h);
  return h;
}

/** The sandbox's shipping-delivered order (Created, SuccessPayment, five Updated) as received by `hooklab listen` and recorded. */
let recorded: string;
/** Kept for every test of the file (newDir's folders go after each test). */
const shared = mkdtempSync(join(tmpdir(), 'hooklab-fuzz-recorded-'));
afterAll(() => rmSync(shared, { recursive: true, force: true }));
beforeAll(async () => {
  const dataDir = join(shared, 'data');
  const listener = startHooklab(['listen', '--data-dir', dataDir, '--listener-port', '0'], env);
  try {
    const url = (await listener.waitFor(/Ready: listening on (http:\/\/127\.0\.0\.1:\d+\/)/))[1]!;
    const sent = await runHooklab(['trigger', 'shipping-delivered', '--to', url, '--json', '--data-dir', join(shared, 'trigger')], { env });
    expect(sent.code).toBe(0);
    const orderId = JSON.parse(sent.stdout.split('\n')[0]!).orderId as string;
    recorded = join(shared, 'shipping.json');
    // Recorded while the listener runs: through it, as a user would.
    const r = await runHooklab(['scenario', 'record', orderId, '-o', recorded, '--data-dir', dataDir]);
    expect(r.stderr).toBe('');
  } finally {
    await listener.killGroup('SIGTERM');
  }
  expect((JSON.parse(readFileSync(recorded, 'utf8')) as ScenarioFile).events.length).toBeGreaterThanOrEqual(6);
}, 60_000);

const fuzz = (h: StatefulHandler, runs: number, ...extra: string[]) =>
  runHooklab(['scenario', 'fuzz', recorded, '--to', h.url, '--expect-state', h.stateUrl, ...EXPECT, '--runs', String(runs), '--seed', '1', '--time-limit', '5m', '--data-dir', newDir(), ...extra], { env });

describe('hooklab scenario fuzz', () => {
  it('finds the shipping Updated that a SuccessPayment arriving later wipes, shrinks it, writes it, and the file fails the buggy handler and passes the correct one', async () => {
    const dir = newDir();
    const minimalPath = join(dir, 'minimal.json');
    const junitPath = join(dir, 'fuzz.xml');
    const r = await fuzz(await handler('payment-resets-shipping'), 300, '-o', minimalPath, '--junit', junitPath);
    expect(r.stderr).toMatch(/7 events from .*shipping\.json, signing with HOOKLAB_WEBHOOK_KEY; up to 300 runs from seed 1/);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/^FAIL {2}run \d+ of seed 1 broke the handler's state:$/m);
    expect(r.stdout).toMatch(/^ {2}1\. Updated ON_ITS_WAY→DELIVERED \(event \d+[^)]*\)$/m);
    expect(r.stdout).toMatch(/^ {2}2\. SuccessPayment \(event \d+[^)]*\)$/m);
    expect(r.stdout).toContain(`orders.{orderId}.shipping: expected "DELIVERED", the handler's state said "PENDING"`);
    expect(r.stdout).toContain('Seed 1: the same command with --seed 1 finds it again.');

    const minimal = JSON.parse(readFileSync(minimalPath, 'utf8')) as ScenarioFile;
    expect(minimal.events.length).toBeLessThanOrEqual(3);
    expect(minimal.events.map((e) => e.eventType)).toEqual(['Updated', 'SuccessPayment']);

    // The file replays with `scenario run`: the buggy handler fails it, the correct one passes.
    const replay = (h: StatefulHandler) =>
      runHooklab(['scenario', 'run', minimalPath, '--to', h.url, '--speed', 'max', '--expect-state', h.stateUrl, '--expect', 'orders.{orderId}.shipping=DELIVERED', '--data-dir', newDir()], { env });
    const failing = await replay(await handler('payment-resets-shipping'));
    expect(failing.code).toBe(1);
    expect(failing.stdout).toMatch(/FAIL {2}orders\.\d+\.shipping: expected "DELIVERED", got "PENDING"/);
    const passing = await replay(await handler('correct'));
    expect(passing.stdout).toMatch(/PASS {2}orders\.\{orderId\}\.shipping = "DELIVERED"/);
    expect(passing.code).toBe(0);
    // The command it printed to replay the file names the same expectation.
    expect(r.stdout).toContain(`hooklab scenario run ${minimalPath} --to`);
    expect(r.stdout).toContain(`--expect 'orders.{orderId}.shipping=DELIVERED'`);

    const report = parseJunitReport(readFileSync(junitPath, 'utf8'));
    expect(report.cases).toHaveLength(1);
    expect(report.cases[0]!.classname).toBe('hooklab.scenario-fuzz');
    expect(report.cases[0]!.failure!.message).toMatch(/minimal: 1\. Updated ON_ITS_WAY→DELIVERED .* 2\. SuccessPayment .*shipping: expected "DELIVERED", the handler's state said "PENDING"\. Fix: /);
    expect(report.cases[0]!.failure!.text).toContain('Minimal sequence (2 of the');
  }, 120_000);

  it('passes a correct handler: exit 0 with the count of runs, also in JUnit', async () => {
    const junitPath = join(newDir(), 'fuzz.xml');
    const r = await fuzz(await handler('correct'), 300, '--junit', junitPath);
    expect(r.stdout.trim()).toBe('PASS  no failure in 300 runs from seed 1');
    expect(r.code).toBe(0);
    const report = parseJunitReport(readFileSync(junitPath, 'utf8'));
    expect(report.cases.map((c) => c.failure)).toEqual([null]);
  }, 120_000);

  it('says in one line what is missing or unreachable (exit 2)', async () => {
    const h = await handler('correct');
    const noExpect = await runHooklab(['scenario', 'fuzz', recorded, '--to', h.url, '--expect-state', h.stateUrl, '--data-dir', newDir()], { env });
    expect(noExpect.code).toBe(2);
    expect(noExpect.stderr).toMatch(/^hooklab scenario fuzz: give at least one --expect PATH=VALUE/);
    const gone = await runHooklab(['scenario', 'fuzz', recorded, '--to', 'http://127.0.0.1:9/webhooks', '--expect-state', h.stateUrl, ...EXPECT, '--data-dir', newDir()], { env });
    expect(gone.code).toBe(2);
    expect(gone.stderr).toMatch(/^hooklab scenario fuzz: http:\/\/127\.0\.0\.1:9\/webhooks is unreachable: /m);
  }, 60_000);
});
