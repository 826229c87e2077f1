import { describe, expect, it } from 'vitest';
import { parseHistoryCliOptions } from '../../../electron/history/cli-options';
import { SettingsPatchSchema } from '../../../shared/settings';

const other = { id: 'prod', name: 'Prod', baseUrl: 'https://p.example', apiV3Url: 'https://p.example/api/v3', clientId: 'x' };

describe('parseHistoryCliOptions', () => {
  it('returns null without history flags', () => {
    expect(parseHistoryCliOptions(['--port', '9000'], {})).toBeNull();
  });

  it('adds and activates the cli environment, keeping the others, and stores the secret', () => {
    const options = parseHistoryCliOptions(
      ['--base-url', 'http://127.0.0.1:4010/', '--api-v3-url=http://127.0.0.1:4010/api/v3', '--client-id', 'abc'],
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
    const options = parseHistoryCliOptions(['--base-url', 'https://api.example', '--client-id', 'abc'], { HOOKLAB_CLIENT_SECRET: 's' });
    expect(options?.environment.apiV3Url).toBe('https://api.example/api/v3');
  });

  it('names what is missing or invalid', () => {
    expect(() => parseHistoryCliOptions(['--client-id', 'abc'], { HOOKLAB_CLIENT_SECRET: 's' })).toThrow(/--base-url is required/);
    expect(() => parseHistoryCliOptions(['--base-url', 'https://a.example'], { HOOKLAB_CLIENT_SECRET: 's' })).toThrow(/--client-id/);
    expect(() => parseHistoryCliOptions(['--base-url', 'https://a.example', '--client-id', 'c'], {})).toThrow(/HOOKLAB_CLIENT_SECRET/);
    expect(() => parseHistoryCliOptions(['--base-url', 'not a url', '--client-id', 'c'], { HOOKLAB_CLIENT_SECRET: 's' })).toThrow(
      /invalid environment option baseUrl/,
    );
    expect(() => parseHistoryCliOptions(['--base-url'], {})).toThrow(/needs a value/);
  });
});
