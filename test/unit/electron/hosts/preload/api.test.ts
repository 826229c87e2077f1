import { describe, expect, it } from 'vitest';
import { buildApi } from '../../../../../electron/hosts/preload/api';
import { CALL_NAMES } from '../../../../../shared/contract';

describe('preload API', () => {
  it('offers call and subscribe, and nothing else', () => {
    const api = buildApi(CALL_NAMES, async () => undefined, () => () => {});
    expect(Object.keys(api).sort()).toEqual(['call', 'subscribe']);
  });

  it("passes a contract call through by its name, with {} for no args", async () => {
    const invoked: [string, unknown][] = [];
    const api = buildApi(CALL_NAMES, async (name, args) => void invoked.push([name, args]), () => () => {});
    await api.call('settings.get', undefined as never);
    await api.call('settings.update', { poller: { intervalMs: 1000 } } as never);
    expect(invoked).toEqual([
      ['settings.get', {}],
      ['settings.update', { poller: { intervalMs: 1000 } }],
    ]);
  });

  it('refuses a name outside the contract before it reaches IPC', async () => {
    const invoked: string[] = [];
    const api = buildApi(CALL_NAMES, async (name) => void invoked.push(name), () => () => {});
    await expect(api.call('app.quitAndWipe' as never, {} as never)).rejects.toEqual({
      code: 'unknown-call',
      message: 'the host does not offer "app.quitAndWipe"',
    });
    expect(invoked).toEqual([]);
  });

  it('subscribe returns the unsubscribe function it was given', () => {
    const unsubscribe = () => true;
    const api = buildApi(CALL_NAMES, async () => undefined, () => unsubscribe);
    expect(api.subscribe('app.status', () => {})).toBe(unsubscribe);
  });
});
