import { afterEach, describe, expect, it } from 'vitest';
import { CHECK_IDS } from '../../../../../shared/contract/replay';
import { EXPECTED_FAILURES, HANDLER_KINDS, startHandler, type TestHandler } from '../../../../fixtures/handlers';
import type { TestApp } from '../../../../support/app-harness';
import { independentSignature, header, startReplayApp, TEST_KEY } from './replay-helpers';

let app: TestApp | null = null;
const handlers: TestHandler[] = [];
afterEach(async () => {
  await Promise.all(handlers.splice(0).map((h) => h.close()));
  await app?.close();
  app = null;
});

/** The deadline the tests hold handlers to; the slow handler answers after twice as long. */
const DEADLINE_MS = 250;

describe('handler check', () => {
  it.each(HANDLER_KINDS)('against the %s handler fails exactly the checks that handler gets wrong', async (kind) => {
    app = await startReplayApp();
    const handler = await startHandler(kind, { key: TEST_KEY, delayMs: DEADLINE_MS * 2 });
    handlers.push(handler);
    const report = await app.call('replay.checkHandler', { url: handler.url, timeoutMs: DEADLINE_MS });
    expect(report.unreachable).toBeNull();
    expect(report.checks.map((c) => c.id)).toEqual([...CHECK_IDS]);
    const failed = report.checks.filter((c) => !c.passed).map((c) => c.id);
    expect(failed.sort()).toEqual([...EXPECTED_FAILURES[kind]].sort());
    expect(report.passed).toBe(failed.length === 0);
    for (const check of report.checks) {
      expect(check.evidence.length).toBeGreaterThan(0);
      if (!check.passed) expect(check.fix).toMatch(/\w/);
      else expect(check.fix).toBeNull();
    }
  }, 60_000);

  it('sends what each check says: valid signatures verify independently, forged ones do not', async () => {
    app = await startReplayApp();
    const handler = await startHandler('correct', { key: TEST_KEY });
    handlers.push(handler);
    await app.call('replay.checkHandler', { url: handler.url, only: ['valid-signature-accepted', 'reserialised-body-rejected', 'hex-signature-rejected', 'large-payload-acknowledged'] });
    const [valid, reserialised, hex, large] = handler.received;
    expect(header(valid!.rawHeaders, 'X-Svc-Hmac-Sha256')).toBe(independentSignature(TEST_KEY, valid!.body));
    // Compact JSON, as the service sends it.
    expect(valid!.body.toString()).toBe(JSON.stringify(JSON.parse(valid!.body.toString())));
    const compact = JSON.stringify(JSON.parse(reserialised!.body.toString()));
    expect(reserialised!.body.toString()).not.toBe(compact);
    expect(header(reserialised!.rawHeaders, 'X-Svc-Hmac-Sha256')).toBe(independentSignature(TEST_KEY, compact));
    const mac = Buffer.from(independentSignature(TEST_KEY, hex!.body), 'base64').toString('hex');
    expect(header(hex!.rawHeaders, 'X-Svc-Hmac-Sha256')).toBe(mac);
    expect(large!.body.length).toBeGreaterThanOrEqual(1024 * 1024);
    expect(JSON.parse(large!.body.toString()).type).toBe('SuccessPayment');
  });

  it('reports a handler that is not there as unreachable, without judging any check', async () => {
    app = await startReplayApp();
    const handler = await startHandler('correct', { key: TEST_KEY });
    await handler.close();
    const report = await app.call('replay.checkHandler', { url: handler.url });
    expect(report.passed).toBe(false);
    expect(report.unreachable).toMatch(/ECONNREFUSED/);
    expect(report.checks).toEqual([]);
  });

  it('emits progress for each check and runs only the checks asked for', async () => {
    app = await startReplayApp();
    const handler = await startHandler('correct', { key: TEST_KEY });
    handlers.push(handler);
    const progress: Array<{ jobId: string; done: number; total: number }> = [];
    const off = app.core.ctx.bus.subscribe((event, payload) => {
      if (event === 'replay.checkProgress') progress.push(payload as never);
    });
    const report = await app.call('replay.checkHandler', { url: handler.url, only: ['timely-response', 'missing-signature-rejected'], jobId: 'job-1' });
    off();
    expect(report.checks.map((c) => c.id)).toEqual(['missing-signature-rejected', 'timely-response']);
    expect(progress.map((p) => [p.jobId, p.done, p.total])).toEqual([
      ['job-1', 1, 2],
      ['job-1', 2, 2],
    ]);
  });
});
