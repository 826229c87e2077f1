import { describe, expect, it } from 'vitest';
import { parseOptions } from '../../../../../../electron/hosts/kit/options';
import { applyLiveCliOptions, liveCliExtension, parseLiveCliOptions } from '../../../../../../electron/hosts/kit/run-options/live-options';
import { SettingsService, memorySettingsBackend } from '../../../../../../electron/services/settings/settings-service';
import { MemorySecretStore } from '../../../../../../electron/services/secrets/secret-store';

const parse = (argv: string[]) => parseOptions(liveCliExtension.options, argv);

describe('parseLiveCliOptions', () => {
  it('reads port, repeated forward targets, key and tunnel', () => {
    const options = parseLiveCliOptions(
      parse(['--listener-port', '4999', '--forward-to', 'http://localhost:3000/hook', '--forward-to=http://localhost:3001/', '--webhook-key', 'k1', '--tunnel']),
      {},
    );
    expect(options).toEqual({
      listener: { port: 4999, forwardTargets: ['http://localhost:3000/hook', 'http://localhost:3001/'] },
      tunnel: { enabled: true },
      webhookKey: 'k1',
    });
  });

  it('takes the key from HOOKLAB_WEBHOOK_KEY, the option winning', () => {
    expect(parseLiveCliOptions(parse([]), { HOOKLAB_WEBHOOK_KEY: 'env-key' }).webhookKey).toBe('env-key');
    expect(parseLiveCliOptions(parse(['--webhook-key', 'cli']), { HOOKLAB_WEBHOOK_KEY: 'env' }).webhookKey).toBe('cli');
    expect(parseLiveCliOptions(parse([]), {})).toEqual({ listener: {}, tunnel: {}, webhookKey: null });
  });

  it('trims HOOKLAB_WEBHOOK_KEY as the UI trims a pasted key, and says so (a trailing newline made every delivery wrong-key)', () => {
    const options = parseLiveCliOptions(parse([]), { HOOKLAB_WEBHOOK_KEY: 'env-key\n' });
    expect(options.webhookKey).toBe('env-key');
    expect(options.keyNotice).toMatch(/^HOOKLAB_WEBHOOK_KEY: The key had a line break after it; it was removed/);
    expect(() => parseLiveCliOptions(parse([]), { HOOKLAB_WEBHOOK_KEY: ' \n' })).toThrow(/only whitespace/);
  });

  it('rejects bad values with a readable message', () => {
    expect(() => parseLiveCliOptions(parse(['--listener-port', '70000']), {})).toThrow(/--listener-port/);
    expect(() => parseLiveCliOptions(parse(['--forward-to', 'nope']), {})).toThrow(/not a URL/);
    expect(() => parseLiveCliOptions(parse(['--forward-to', 'ftp://x/']), {})).toThrow(/http/);
  });
});

describe('applyLiveCliOptions', () => {
  it('stores the key as current secret and saves the settings', () => {
    const settings = new SettingsService(memorySettingsBackend({ listener: { keys: [{ id: 'old', label: 'o', addedAt: 'x' }] } }));
    const secrets = new MemorySecretStore();
    applyLiveCliOptions(
      { listener: { port: 0, forwardTargets: ['http://127.0.0.1:1/'] }, tunnel: { enabled: true }, webhookKey: 'secret' },
      { settings, secrets, clock: { now: () => 0 } },
    );
    expect(secrets.get('webhookKey:cli')).toBe('secret');
    const s = settings.get();
    expect(s.listener.keys.map((k) => k.id)).toEqual(['cli', 'old']);
    expect(s.listener.port).toBe(0);
    expect(s.listener.forwardTargets).toEqual(['http://127.0.0.1:1/']);
    expect(s.tunnel.enabled).toBe(true);
  });
});
