import { describe, expect, it } from 'vitest';
import type { SandboxRunResult } from '../../../../../../shared/contract/sandbox';
import { createSandboxStore } from '../../../../../../renderer/src/features/sandbox/create-sandbox-store';
import { createFakeTransport } from '../../../support/fake-transport';

function setup() {
  const transport = createFakeTransport();
  let n = 0;
  const store = createSandboxStore(transport, { newJobId: (prefix) => `${prefix}-${++n}` });
  return { transport, store };
}

describe('createSandboxStore', () => {
  it('reads the scenarios only of a running sandbox, and says a failed read', async () => {
    const { store, transport } = setup();
    transport.answer('sandbox.info', () => ({ running: false }) as never);
    await store.loadSandbox();
    expect(store.getState()).toMatchObject({ info: { running: false }, scenarios: [], loadError: null });
    expect(transport.calls.map((c) => c.name)).toEqual(['sandbox.info']);
    transport.answer('sandbox.info', () => ({ running: true }) as never);
    transport.answer('sandbox.scenarios', () => ({ scenarios: [{ id: 'refund' }] }) as never);
    await store.loadSandbox();
    expect(store.getState().scenarios).toEqual([{ id: 'refund' }]);
    transport.answer('sandbox.info', () => {
      throw new Error('sandbox stopped');
    });
    await store.loadSandbox();
    expect(store.getState().loadError).toBe('sandbox stopped');
  });

  it('shows the run started last: an earlier run’s late answer is dropped', async () => {
    const { store } = setup();
    let finishFirst: (result: SandboxRunResult) => void = () => {};
    const first = store.recordRun('slow scenario', () => new Promise((resolve) => (finishFirst = resolve)));
    expect(store.getState().lastRun).toMatchObject({ label: 'slow scenario', running: true, jobId: 'sandbox-1' });
    await store.recordRun('custom event', async () => ({ ok: 'second' }) as never, 'Created');
    expect(store.getState().lastRun).toMatchObject({ label: 'custom event', running: false, result: { ok: 'second' }, eventType: 'Created', jobId: 'sandbox-2' });
    finishFirst({ ok: 'first' } as never);
    await first;
    expect(store.getState().lastRun).toMatchObject({ label: 'custom event', result: { ok: 'second' } });
    await store.recordRun('failing', async () => {
      throw new Error('handler down');
    });
    expect(store.getState().lastRun).toMatchObject({ label: 'failing', running: false, error: 'handler down', result: null });
  });
});
