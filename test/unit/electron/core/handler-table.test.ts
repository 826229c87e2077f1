import { describe, expect, it } from 'vitest';
import { handlerTable } from '../../../../electron/core/core';
import type { Feature } from '../../../../electron/services/kernel/feature';
import { coresOnFreshFolders } from '../../../support/core-on-fresh-folder';

const listing = (name: string): Feature => ({
  name,
  handlers: { 'live.list': async () => ({ rows: [], total: 0, nextBeforeId: null }) },
});

describe('the core handler table', () => {
  const freshCore = coresOnFreshFolders('hooklab-handlers-');
  /** A core on a fresh folder with only `features` (the calls they leave out are not required). */
  const coreWith = (features: Feature[]) => freshCore({ features: () => features });

  it('takes each call from the one feature that implements it', () => {
    const table = handlerTable([listing('live'), { name: 'other', handlers: {} }]);
    expect(typeof table['live.list']).toBe('function');
  });

  it('refuses a call two features both implement, naming both (Object.assign kept the last silently)', () => {
    expect(() => handlerTable([listing('live'), listing('copy')])).toThrow('contract call live.list is implemented by both live and copy');
  });

  it('createCore refuses such a composition before it starts', () => {
    expect(() => coreWith([listing('live'), listing('copy')])).toThrow(/implemented by both live and copy/);
  });

  it("refuses a feature that implements a call the core's own features do (the webhook-key calls)", () => {
    const keys: Feature = { name: 'live', handlers: { 'live.removeKey': async () => ({ ok: true as const }) } };
    expect(() => coreWith([keys])).toThrow(/live.removeKey is implemented by both webhook-keys and live/);
  });
});
