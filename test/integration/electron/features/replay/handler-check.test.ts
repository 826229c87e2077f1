import { describe, expect, it } from 'vitest';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { CHECK_IDS } from '../../../../../shared/contract/replay-checks';
import { EXPECTED_FAILURES, HANDLER_KINDS, startHandler } from '../../../../fixtures/handlers';
import { independentSignature, header, startReplayApp, TEST_KEY } from './replay-helpers';
import { closedAfterEach } from '../../../../support/closed-after-each';

const closeAfter = closedAfterEach();

/** The deadline the tests hold handlers to; the slow handler answers after twice as long. */
const DEADLINE_MS = 250;

describe('handler check', () => {
  it.each(HANDLER_KINDS)('against the %s handler fails exactly the checks that handler gets wrong', async (kind) => {
    const app = closeAfter(await startReplayApp());
    const handler = closeAfter(await startHandler(kind, { key: TEST_KEY, delayMs: DEADLINE_MS * 2 }));
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
    const app = closeAfter(await startReplayApp());
    const handler = closeAfter(await startHandler('correct', { key: TEST_KEY }));
    const report = await app.call('replay.checkHandler', { url: handler.url, only: ['valid-signature-accepted', 'reserialised-body-rejected', 'hex-signature-rejected', 'large-payload-acknowledged'] });
    // Sizes in the one format people read ("1.1 MiB"), not "1127627-byte".
    const largeCheck = report.checks.find((c) => c.id === 'large-payload-acknowledged')!;
    expect(largeCheck.message).toMatch(/^a 1\.\d MiB event: /);
    expect(largeCheck.evidence[0]!.label).toMatch(/^SuccessPayment of 1\.\d MiB$/);
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
    const app = closeAfter(await startReplayApp());
    const handler = await startHandler('correct', { key: TEST_KEY });
    await handler.close();
    const report = await app.call('replay.checkHandler', { url: handler.url });
    expect(report.passed).toBe(false);
    expect(report.unreachable).toMatch(/ECONNREFUSED/);
    expect(report.checks).toEqual([]);
  });

  it('runs as a job: progress as job.progress, each check as replay.checkResult, only the checks asked for', async () => {
    const app = closeAfter(await startReplayApp());
    const handler = closeAfter(await startHandler('correct', { key: TEST_KEY }));
    const progress: Array<[string, number, number, string]> = [];
    const results: string[] = [];
    const offs = [
      app.core.ctx.runtime.bus.on('job.progress', (p) => progress.push([p.jobId, p.done, p.total, p.state])),
      app.core.ctx.runtime.bus.on('replay.checkResult', (r) => results.push(`${r.jobId}:${r.check.id}`)),
    ];
    const report = await app.call('replay.checkHandler', { url: handler.url, only: ['timely-response', 'missing-signature-rejected'], jobId: 'job-1' });
    for (const off of offs) off();
    expect(report.checks.map((c) => c.id)).toEqual(['missing-signature-rejected', 'timely-response']);
    expect(results).toEqual(['job-1:missing-signature-rejected', 'job-1:timely-response']);
    expect(progress).toEqual([
      ['job-1', 0, 2, 'running'],
      ['job-1', 1, 2, 'running'],
      ['job-1', 2, 2, 'running'],
      ['job-1', 2, 2, 'done'],
    ]);
    expect(await app.call('jobs.get', { jobId: 'job-1' })).toMatchObject({ kind: 'replay.check', state: 'done', finishedAt: expect.any(String) });
  });

  it('is cancelled by jobs.cancel against a handler that never answers: no further check starts', async () => {
    const started = closeAfter(await startReplayApp());
    const hung = createServer(() => undefined);
    await new Promise<void>((resolve) => hung.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(hung.address() as AddressInfo).port}/webhook`;
    try {
      const running = started.call('replay.checkHandler', { url, timeoutMs: 60_000, jobId: 'hung-1' });
      await new Promise<void>((resolve) => {
        const off = started.core.ctx.runtime.bus.on('job.progress', (p) => {
          if (p.jobId === 'hung-1') {
            off();
            resolve();
          }
        });
      });
      await started.call('jobs.cancel', { jobId: 'hung-1' });
      const report = await running;
      expect(report.passed).toBe(false);
      expect(report.checks.length).toBeLessThan(CHECK_IDS.length);
      expect(await started.call('jobs.get', { jobId: 'hung-1' })).toMatchObject({ state: 'cancelled' });
    } finally {
      hung.closeAllConnections();
      await new Promise((resolve) => hung.close(resolve));
    }
  });
});
