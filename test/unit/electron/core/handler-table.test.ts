import { afterEach, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createCore, handlerTable } from '../../../../electron/core/core';
import type { Feature } from '../../../../electron/services/kernel/feature';
import { memorySettingsBackend } from '../../../../electron/services/settings/settings-service';
import { MemorySecretStore } from '../../../../electron/services/secrets/secret-store';
import { silentLogger } from '../../../../electron/services/kernel/logger';

const listing = (name: string): Feature => ({
  name,
  handlers: { 'live.list': async () => ({ rows: [], total: 0, nextBeforeId: null }) },
});

describe('the core handler table', () => {
  let dir: string | null = null;
  afterEach(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
    dir = null;
  });

  /** A core on a fresh folder with only `features` (the calls they leave out are not required). */
  function coreWith(features: Feature[]) {
    dir = mkdtempSync(join(tmpdir(), 'hooklab-handlers-'));
    return createCore({
      hostKind: 'browser',
      version: 'test',
      dataDir: dir,
      settingsBackend: memorySettingsBackend(),
      secrets: new MemorySecretStore(),
      log: silentLogger,
      features: () => features,
      requireAllHandlers: false,
    });
  }

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
