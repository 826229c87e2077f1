import { describe, expect, it } from 'vitest';
import { historyCliExtension, parseHistoryCliOptions } from '../../../../../../electron/hosts/kit/run-options/history-options';
import { parseOptions } from '../../../../../../electron/hosts/kit/options';
import { SettingsService, memorySettingsBackend } from '../../../../../../electron/services/settings/settings-service';
import { MemorySecretStore } from '../../../../../../electron/services/secrets/secret-store';
import { SettingsPatchSchema } from '../../../../../../shared/settings';

const other = { id: 'prod', name: 'Prod', baseUrl: 'https://p.example', apiV3Url: 'https://p.example/api/v3', clientId: 'x' };

const parse = (argv: string[]) => parseOptions(historyCliExtension.options, argv);

describe('parseHistoryCliOptions', () => {
  it('returns null without history flags', () => {
    expect(parseHistoryCliOptions(parseOptions([...historyCliExtension.options, { name: 'ui-port', value: 'N', help: '' }], ['--ui-port', '9000']), {})).toBeNull();
  });

  it('adds and activates the cli environment, keeping the others, and stores the secret', () => {
    const options = parseHistoryCliOptions(parse(['--base-url', 'http://127.0.0.1:4010/', '--api-v3-url=http://127.0.0.1:4010/api/v3', '--client-id', 'abc']),
      { HOOKLAB_CLIENT_SECRET: 's3cret' },
      { active: 'prod', live: [other] },
    );
    expect(options?.environment).toEqual({
      id: 'cli',
      name: 'cli',
      baseUrl: 'http://127.0.0.1:4010',
      apiV3Url: 'http://127.0.0.1:4010/api/v3',
      clientId: 'abc',
    });
    expect(options?.settingsPatch.environments?.active).toBe('cli');
    expect(options?.settingsPatch.environments?.live?.map((e) => e.id)).toEqual(['prod', 'cli']);
    expect(SettingsPatchSchema.safeParse(options?.settingsPatch).success).toBe(true);
    expect(options?.secrets).toEqual([{ name: 'env:cli:clientSecret', value: 's3cret' }]);
  });

  it('defaults the v3 URL under the base URL', () => {
    const options = parseHistoryCliOptions(parse(['--base-url', 'https://api.example', '--client-id', 'abc']), { HOOKLAB_CLIENT_SECRET: 's' });
    expect(options?.environment.apiV3Url).toBe('https://api.example/api/v3');
  });

  it('names what is missing or invalid', () => {
    expect(() => parseHistoryCliOptions(parse(['--client-id', 'abc']), { HOOKLAB_CLIENT_SECRET: 's' })).toThrow(/--base-url is required/);
    expect(() => parseHistoryCliOptions(parse(['--base-url', 'https://a.example']), { HOOKLAB_CLIENT_SECRET: 's' })).toThrow(/--client-id/);
    expect(() => parseHistoryCliOptions(parse(['--base-url', 'https://a.example', '--client-id', 'c']), {})).toThrow(/HOOKLAB_CLIENT_SECRET/);
    expect(() => parseHistoryCliOptions(parse(['--base-url', 'not a url', '--client-id', 'c']), { HOOKLAB_CLIENT_SECRET: 's' })).toThrow(
      /invalid environment option baseUrl/,
    );
    expect(() => parseHistoryCliOptions(parse(['--base-url']), {})).toThrow(/needs a value/);
  });
});

describe('historyCliExtension', () => {
  it('stores the secret and activates the cli environment, keeping other environments', () => {
    const settings = new SettingsService(memorySettingsBackend({ environments: { active: 'prod', live: [other] } }));
    const secrets = new MemorySecretStore();
    const args = parse(['--base-url', 'http://127.0.0.1:4010', '--client-id', 'abc']);
    historyCliExtension.apply(args, { HOOKLAB_CLIENT_SECRET: 's3cret' }, { config: { settings, secrets }, runtime: { clock: { now: () => 0 } } } as never);
    expect(settings.get().environments.active).toBe('cli');
    expect(settings.get().environments.live.map((e) => e.id)).toEqual(['prod', 'cli']);
    expect(secrets.get('env:cli:clientSecret')).toBe('s3cret');
  });

  it('attributes the command-line webhook key to the cli environment, and no other key', () => {
    const keys = [
      { id: 'cli', label: 'from the command line', addedAt: 'x', accepted: true, environmentId: null },
      { id: 'k1', label: 'mine', addedAt: 'x', accepted: true, environmentId: null },
    ];
    const settings = new SettingsService(memorySettingsBackend({ listener: { keys } }));
    const args = parse(['--base-url', 'http://127.0.0.1:4010', '--client-id', 'abc']);
    historyCliExtension.apply(args, { HOOKLAB_CLIENT_SECRET: 's3cret' }, { config: { settings, secrets: new MemorySecretStore() }, runtime: { clock: { now: () => 0 } } } as never);
    expect(settings.get().listener.keys.map((k) => [k.id, k.environmentId])).toEqual([
      ['cli', 'cli'],
      ['k1', null],
    ]);
  });

  it('changes nothing without history options', () => {
    const settings = new SettingsService(memorySettingsBackend({}));
    const secrets = new MemorySecretStore();
    historyCliExtension.apply(parse([]), {}, { config: { settings, secrets }, runtime: { clock: { now: () => 0 } } } as never);
    expect(settings.get().environments).toEqual({ active: 'sandbox', live: [] });
    expect(secrets.names()).toEqual([]);
  });
});
