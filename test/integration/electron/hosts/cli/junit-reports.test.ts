import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { ScenarioFile } from '../../../../../shared/scenario/scenario-file';
import { startHandler, type TestHandler } from '../../../../fixtures/handlers';
import { startStatefulHandler, type StatefulHandler } from '../../../../fixtures/stateful-handler';
import { runHooklab } from '../../../../support/hooklab-cli';
import { parseJunitReport } from '../../../../support/junit-report';
import { tempDirs } from '../../../../support/temp-dirs';

const KEY = 'cli-junit-key-31c9';
const env = { HOOKLAB_WEBHOOK_KEY: KEY };
const newDir = tempDirs('hooklab-junit-');
const closers: Array<TestHandler | StatefulHandler> = [];
afterEach(async () => {
  for (const h of closers.splice(0)) await h.close();
});

describe('--junit', () => {
  it('check-handler: one test case per check, a failure carrying the verdict and the fix; an unreachable handler one error', async () => {
    const h = await startHandler('accepts-hex', { key: KEY });
    closers.push(h);
    const path = join(newDir(), 'check.xml');
    const r = await runHooklab(['check-handler', h.url, '--only', 'hex-signature-rejected,valid-signature-accepted', '--junit', path, '--data-dir', newDir()], { env });
    expect(r.code).toBe(1);
    const report = parseJunitReport(readFileSync(path, 'utf8'));
    expect(report.suites).toEqual([`hooklab check-handler ${h.url}`]);
    expect(report.cases.map((c) => [c.classname, c.name.split(':')[0], c.failure !== null])).toEqual([
      ['hooklab.check-handler', 'valid-signature-accepted', false],
      ['hooklab.check-handler', 'hex-signature-rejected', true],
    ]);
    const failure = report.cases[1]!.failure!;
    // The same verdict and fix as the terminal report.
    const printed = /FAIL {2}hex-signature-rejected +\d+ +\d+ ms {2}(.*)$/m.exec(r.stdout)![1]!;
    expect(failure.message).toContain(printed);
    expect(failure.message).toMatch(/ Fix: Compare against the Base64 encoding/);
    expect(failure.text).toMatch(/^sent: /m);

    await h.close();
    const gone = join(newDir(), 'gone.xml');
    expect((await runHooklab(['check-handler', h.url, '--junit', gone, '--data-dir', newDir()], { env })).code).toBe(2);
    const unreachable = parseJunitReport(readFileSync(gone, 'utf8'));
    expect(unreachable.cases).toEqual([expect.objectContaining({ failure: null, error: expect.objectContaining({ message: expect.stringMatching(/could not be reached: connection refused .*\. Fix: start the handler, or give the URL it listens on\.$/) }) })]);
  }, 60_000);

  it("scenario run: one test case per expectation, a failure quoting the handler's state as text however hostile", async () => {
    // This kind takes any shipping status an Updated names, whatever it is.
    const h = await startStatefulHandler('processes-duplicates', KEY);
    closers.push(h);
    const hostile = `<x>&"]]></failure>\u0007`;
    const event = (id: string, type: string, metadata: object | null) => ({
      gapMs: 0,
      receivedAt: '2026-01-01T00:00:00.000Z',
      eventType: type,
      eventId: id,
      eventCreated: '2026-01-01T00:00:00.000Z',
      headers: [['Content-Type', 'application/json']] as [string, string][],
      body: JSON.stringify({ orderId: '700001', type, metadata }),
    });
    const file: ScenarioFile = {
      format: 'hooklab-scenario',
      version: 1,
      recordedAt: '2026-01-01T00:00:00.000Z',
      source: { orderId: '700001' },
      events: [event('1', 'SuccessPayment', null), event('2', 'Updated', { PreviousStatus: 'PENDING', NewStatus: hostile })],
    };
    const dir = newDir();
    writeFileSync(join(dir, 'hostile.json'), JSON.stringify(file));
    const path = join(dir, 'run.xml');
    const r = await runHooklab(
      ['scenario', 'run', join(dir, 'hostile.json'), '--to', h.url, '--speed', 'max', '--expect-state', h.stateUrl, '--expect', 'orders.{orderId}.payments=1', '--expect', 'orders.{orderId}.shipping=DELIVERED', '--junit', path, '--data-dir', newDir()],
      { env },
    );
    expect(r.code).toBe(1);
    const report = parseJunitReport(readFileSync(path, 'utf8'));
    expect(report.cases.map((c) => [c.name, c.failure !== null])).toEqual([
      [expect.stringMatching(/hostile\.json: the handler accepts every event \(2xx\)$/), false],
      ['orders.{orderId}.payments = 1', false],
      ['orders.{orderId}.shipping = "DELIVERED"', true],
    ]);
    expect(report.cases[2]!.failure!.message).toBe(
      `orders.700001.shipping: expected "DELIVERED", got ${JSON.stringify(hostile)}. Fix: the handler's state (${h.stateUrl}) must hold orders.{orderId}.shipping = "DELIVERED" after these events, in this order and with these repeats; hooklab scenario fuzz finds the smallest sequence that breaks it.`,
    );
  }, 60_000);
});
