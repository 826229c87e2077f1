import { describe, expect, it } from 'vitest';
import { callChannel, EVENT_CHANNEL } from '../../../../../electron/hosts/preload/channels';
import type { HooklabApi } from '../../../../../shared/contract';
import { createElectronTransport } from '../../../../../renderer/src/transport/electron-transport';
import { TransportError } from '../../../../../renderer/src/transport/transport';
import { runSandboxedPreload, type SandboxedPreload } from './sandboxed-preload';

type Api = Record<string, unknown>;

function exposedApi(preload: SandboxedPreload): Api {
  const hooklab = preload.exposed.find((e) => e.key === 'hooklab');
  expect(
    hooklab,
    'the preload does not expose window.hooklab: the app page would have no way to reach Hooklab',
  ).toBeDefined();
  return hooklab!.value as Api;
}

describe('the built preload (out/preload/index.cjs) run as a sandboxed window runs it', () => {
  it('loads with only `electron` available and exposes exactly window.hooklab', () => {
    const preload = runSandboxedPreload(async () => ({ ok: true, value: null }));
    expect(preload.required, 'the preload needs modules a sandboxed window does not have').toEqual([
      'electron',
    ]);
    expect(
      preload.exposed.map((e) => e.key),
      'the preload must put exactly one thing on the page, window.hooklab',
    ).toEqual(['hooklab']);
  });

  it('gives the page call and subscribe, and nothing else', () => {
    const api = exposedApi(runSandboxedPreload(async () => ({ ok: true, value: null })));
    expect(Object.keys(api).sort(), 'window.hooklab offers more or less than call and subscribe').toEqual(['call', 'subscribe']);
    expect(typeof api.call, 'window.hooklab.call is not a function').toBe('function');
    expect(typeof api.subscribe, 'window.hooklab.subscribe is not a function').toBe('function');
  });

  it('refuses a call outside the contract without reaching IPC', async () => {
    const seen: string[] = [];
    const api = exposedApi(
      runSandboxedPreload(async (channel) => {
        seen.push(channel);
        return { ok: true, value: null };
      }),
    ) as unknown as HooklabApi;
    const failure = await createElectronTransport(api)
      .call('app.quitAndWipe' as never, {} as never)
      .catch((error: unknown) => error);
    expect((failure as TransportError).code, 'a name outside the contract is not refused as unknown-call').toBe('unknown-call');
    expect(seen, 'a name outside the contract reached IPC').toEqual([]);
  });

  it('exposes nothing of Node or of Electron to the page', () => {
    const api = exposedApi(runSandboxedPreload(async () => ({ ok: true, value: null })));
    const leaks: string[] = [];
    const walk = (value: unknown, path: string) => {
      if (typeof value === 'function') {
        // A bound contract function has no properties of its own that lead anywhere.
        for (const key of Object.keys(value)) leaks.push(`${path}.${key}`);
        return;
      }
      if (value && typeof value === 'object')
        for (const [key, inner] of Object.entries(value)) walk(inner, `${path}.${key}`);
      else leaks.push(`${path} (${typeof value})`);
    };
    walk(api, 'hooklab');
    expect(leaks, 'window.hooklab carries more than contract functions').toEqual([]);
    const names = JSON.stringify(Object.keys(api));
    for (const forbidden of ['ipcRenderer', 'require', 'process', 'Buffer', 'invoke', 'send']) {
      expect(
        names.includes(`"${forbidden}"`),
        `window.hooklab exposes ${forbidden} to the page`,
      ).toBe(false);
    }
  });

  it('with the Electron transport on top, returns the value and rejects with the contract error code', async () => {
    const seen: { channel: string; args: unknown }[] = [];
    const api = exposedApi(
      runSandboxedPreload(async (channel, args) => {
        seen.push({ channel, args });
        return channel === callChannel('settings.get')
          ? { ok: true, value: { settings: 'yes' } }
          : {
              ok: false,
              error: { code: 'invalid-args', message: 'secrets.set: value is required' },
            };
      }),
    );
    // The two ends of the seam together: the renderer's transport over what the preload exposes
    // (through the bridge's copy of a rejection, see sandboxed-preload).
    const transport = createElectronTransport(api as unknown as HooklabApi);
    await expect(
      transport.call('settings.get', {} as never),
      "a successful call does not return the core's value",
    ).resolves.toEqual({ settings: 'yes' });
    const failure = await transport.call('secrets.set', { name: 'x' } as never).catch((error: unknown) => error);
    expect(failure, 'a refused call does not reject with a TransportError').toBeInstanceOf(TransportError);
    expect({ code: (failure as TransportError).code, message: (failure as TransportError).message }).toEqual({
      code: 'invalid-args',
      message: 'secrets.set: value is required',
    });
    expect(seen, "the preload called other channels than the contract's").toEqual([
      { channel: callChannel('settings.get'), args: {} },
      { channel: callChannel('secrets.set'), args: { name: 'x' } },
    ]);
  });

  it('delivers live events to the subscribers of that event only, until they unsubscribe', () => {
    const preload = runSandboxedPreload(async () => ({ ok: true, value: null }));
    const api = exposedApi(preload) as {
      subscribe(event: string, listener: (p: unknown) => void): () => void;
    };
    const received: unknown[] = [];
    const other: unknown[] = [];
    const stop = api.subscribe('live.received', (payload) => received.push(payload));
    api.subscribe('history.updated', (payload) => other.push(payload));
    preload.deliver(EVENT_CHANNEL, { event: 'live.received', payload: { deliveries: [1] } });
    stop();
    preload.deliver(EVENT_CHANNEL, { event: 'live.received', payload: { deliveries: [2] } });
    expect(
      received,
      'a subscriber did not get exactly the events sent before it unsubscribed',
    ).toEqual([{ deliveries: [1] }]);
    expect(other, 'a subscriber received an event it did not subscribe to').toEqual([]);
  });
});
