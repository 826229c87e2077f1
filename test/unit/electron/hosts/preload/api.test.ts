import { describe, expect, it } from 'vitest';
import { buildApi } from '../../../../../electron/hosts/preload/api';
import { CALL_NAMES } from '../../../../../shared/contract';

describe('preload API', () => {
  it('exposes one named function per contract call, grouped by area, and nothing else', async () => {
    const invoked: [string, unknown][] = [];
    const api = buildApi(CALL_NAMES, async (name, args) => void invoked.push([name, args]), () => () => {}) as unknown as Record<
      string,
      Record<string, (args?: unknown) => Promise<unknown>>
    >;
    const exposed = Object.entries(api).flatMap(([area, group]) =>
      area === 'subscribe' ? [] : Object.keys(group).map((verb) => `${area}.${verb}`),
    );
    expect(exposed.sort()).toEqual([...CALL_NAMES].sort());
    await api.settings!.get!();
    await api.settings!.update!({ poller: { intervalMs: 1000 } });
    expect(invoked).toEqual([
      ['settings.get', {}],
      ['settings.update', { poller: { intervalMs: 1000 } }],
    ]);
  });

  it('subscribe returns the unsubscribe function it was given', () => {
    const unsubscribe = () => true;
    const api = buildApi(CALL_NAMES, async () => undefined, () => unsubscribe);
    expect(api.subscribe('app.status', () => {})).toBe(unsubscribe);
  });
});
