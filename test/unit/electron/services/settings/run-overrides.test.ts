import { describe, expect, it } from 'vitest';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SettingsService } from '../../../../../electron/services/settings/settings-service';
import { confSettingsBackend } from '../../../../../electron/services/settings/conf-backend';
import { FileSecretStore, fileModeCipher } from '../../../../../electron/services/secrets/secret-store';
import { createRunOverrides } from '../../../../../electron/services/settings/run-overrides';
import { tempDirs } from '../../../../support/temp-dirs';

const tempDir = tempDirs('hooklab-run-overrides-');

/** A core's view of one data folder, as a host builds it, plus a fresh reading of the files. */
function open(dir: string) {
  const overrides = createRunOverrides(confSettingsBackend(dir), new FileSecretStore(join(dir, 'secrets.json'), fileModeCipher));
  return { overrides, settings: new SettingsService(overrides.backend), secrets: overrides.secrets };
}
const onDisk = (dir: string) => ({
  settings: new SettingsService(confSettingsBackend(dir)).get(),
  secrets: new FileSecretStore(join(dir, 'secrets.json'), fileModeCipher),
});

describe('command-line options for one run', () => {
  it('pass on what the settings file said when it was set aside (the status bar shows it)', () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'settings.json'), '{"listener":{"keys":[');
    const run = open(dir);
    expect(run.overrides.backend.notices).toHaveLength(1);
    expect(run.overrides.backend.notices?.[0]?.message).toContain('settings.json could not be read');
  });

  it('apply to the run and leave the saved settings and secrets alone', () => {
    const dir = tempDir();
    const saved = open(dir);
    saved.settings.update({ listener: { port: 4999 } });

    const run = open(dir);
    run.overrides.runOnly(() => {
      run.settings.update({ listener: { port: 5000 }, sandbox: { port: 0 } });
      run.secrets.set('webhookKey:cli', 'run-key');
    });
    expect(run.settings.get().listener.port).toBe(5000);
    expect(run.settings.get().sandbox.port).toBe(0);
    expect(run.secrets.get('webhookKey:cli')).toBe('run-key');
    expect(run.secrets.names()).toContain('webhookKey:cli');

    // Another change made in the UI during the run is saved; the run's values still are not.
    run.settings.update({ poller: { intervalMs: 9000 } });
    const disk = onDisk(dir);
    expect(disk.settings.listener.port).toBe(4999);
    expect(disk.settings.sandbox.port).toBe(4781);
    expect(disk.settings.poller.intervalMs).toBe(9000);
    expect(disk.secrets.get('webhookKey:cli')).toBeUndefined();
    expect(run.settings.get().listener.port).toBe(5000);
  });

  it('a run value the user then changes in the UI is saved like any change', () => {
    const dir = tempDir();
    const run = open(dir);
    run.overrides.runOnly(() => run.settings.update({ listener: { port: 5000 } }));
    run.settings.update({ listener: { port: 5001 } });
    expect(onDisk(dir).settings.listener.port).toBe(5001);
    run.secrets.set('webhookKey:ui', 'typed-in-settings');
    expect(onDisk(dir).secrets.get('webhookKey:ui')).toBe('typed-in-settings');
  });

  it('a key the command line adds stays out of the saved list when something else adds one during the run', () => {
    const dir = tempDir();
    const run = open(dir);
    const key = (id: string) => ({ id, label: id, addedAt: '2026-01-01T00:00:00.000Z', accepted: true, environmentId: null });
    run.overrides.runOnly(() => run.settings.update({ listener: { keys: [key('cli')] } }));
    // The sandbox registers its own key as the core starts: that one is saved.
    run.settings.update({ listener: { keys: [...run.settings.get().listener.keys, key('sandbox')] } });
    expect(run.settings.get().listener.keys.map((k) => k.id)).toEqual(['cli', 'sandbox']);
    expect(onDisk(dir).settings.listener.keys.map((k) => k.id)).toEqual(['sandbox']);
    // A later unrelated save keeps it that way.
    run.settings.update({ poller: { intervalMs: 7000 } });
    expect(onDisk(dir).settings.listener.keys.map((k) => k.id)).toEqual(['sandbox']);
  });
});
