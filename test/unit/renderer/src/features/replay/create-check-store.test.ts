import { describe, expect, it } from 'vitest';
import type { CheckReport, CheckResult } from '../../../../../../shared/contract/replay-checks';
import { createCheckStore } from '../../../../../../renderer/src/features/replay/create-check-store';
import { createFakeTransport } from '../../../support/fake-transport';

const check = (id: string) => ({ id, title: id, passed: true }) as unknown as CheckResult;

describe('createCheckStore', () => {
  it('runs the check as a job, collects its own results as they come, and keeps the report', async () => {
    const transport = createFakeTransport();
    const report = { url: 'http://127.0.0.1:3000/hook', passed: true } as unknown as CheckReport;
    transport.answer('replay.checkHandler', async ({ jobId }) => {
      transport.emit('replay.checkResult', { jobId: jobId!, check: check('valid-signature') });
      transport.emit('replay.checkResult', { jobId: 'someone-else', check: check('bad-signature') });
      transport.emit('replay.checkResult', { jobId: jobId!, check: check('duplicate') });
      expect(store.getState()).toMatchObject({ running: true, jobId: 'check-1' });
      return report;
    });
    const store = createCheckStore(transport, { newJobId: (prefix) => `${prefix}-1` });
    store.use.setState({ url: '  http://127.0.0.1:3000/hook ' });
    await store.runHandlerCheck();
    expect(transport.calls[0]).toEqual({ name: 'replay.checkHandler', args: { url: 'http://127.0.0.1:3000/hook', key: { kind: 'current' }, jobId: 'check-1' } });
    expect(store.getState().done.map((c) => c.id)).toEqual(['valid-signature', 'duplicate']);
    expect(store.getState()).toMatchObject({ running: false, report, error: null });
    expect(transport.listeners()).toBe(0);
  });

  it('says a check that could not run, and stops listening', async () => {
    const transport = createFakeTransport();
    transport.answer('replay.checkHandler', () => {
      throw new Error('refused: not a loopback target');
    });
    const store = createCheckStore(transport, { newJobId: () => 'check-2' });
    store.use.setState({ url: 'http://example.com/hook' });
    await store.runHandlerCheck();
    expect(store.getState()).toMatchObject({ running: false, report: null, error: 'refused: not a loopback target' });
    expect(transport.listeners()).toBe(0);
  });
});
