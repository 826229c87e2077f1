import { afterEach, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../../support/app-harness';
import { SettingsService, memorySettingsBackend } from '../../../../../electron/services/settings/settings-service';
import type { LiveEnvironment } from '../../../../../shared/settings';

const store: LiveEnvironment = {
  id: 'store',
  name: 'Store',
  baseUrl: 'https://svc.example.com',
  apiV3Url: 'https://svc.example.com/api/v3',
  clientId: 'client-1',
};

let app: TestApp | null = null;
afterEach(async () => {
  await app?.close();
  app = null;
});

async function appWithSecrets(): Promise<TestApp> {
  app = await startTestApp({ features: () => [] });
  await app.call('settings.update', { environments: { live: [store] } });
  await app.call('secrets.set', { name: 'env:store:clientSecret', value: 'client-secret' });
  await app.call('secrets.set', { name: 'env:store:secretKey', value: 'secret-key' });
  return app;
}

async function failureOf(work: Promise<unknown>): Promise<{ code: string; message: string }> {
  try {
    await work;
  } catch (error) {
    return error as { code: string; message: string };
  }
  throw new Error('expected the call to fail');
}

describe('a live environment secret is bound to the origin it was entered for', () => {
  it('keeps the secrets while the origins stay (a path, the name or the client id changes)', async () => {
    const a = await appWithSecrets();
    const view = await a.call('settings.update', {
      environments: { live: [{ ...store, name: 'Renamed', apiV3Url: 'https://svc.example.com/v3/', clientId: 'client-2' }] },
    });
    expect(view.secretsSet).toEqual(expect.arrayContaining(['env:store:clientSecret', 'env:store:secretKey']));
    expect(a.core.ctx.config.environments.get('store')?.clientSecret).toBe('client-secret');
  });

  it('clears both secrets when baseUrl moves to another origin, so they are never sent there', async () => {
    const a = await appWithSecrets();
    const view = await a.call('settings.update', { environments: { live: [{ ...store, baseUrl: 'https://attacker.example.net' }] } });
    expect(view.secretsSet).not.toContain('env:store:clientSecret');
    expect(view.secretsSet).not.toContain('env:store:secretKey');
    expect(a.core.ctx.config.environments.get('store')).toMatchObject({ clientSecret: undefined, secretKey: undefined });
  });

  it('clears them when apiV3Url moves to another port of the same host', async () => {
    const a = await appWithSecrets();
    await a.call('settings.update', { environments: { live: [{ ...store, apiV3Url: 'https://svc.example.com:8443/api/v3' }] } });
    expect(a.core.ctx.config.environments.get('store')?.clientSecret).toBeUndefined();
  });

  it('a secret entered after the origin changed is kept (the UI asks for it again)', async () => {
    const a = await appWithSecrets();
    await a.call('settings.update', { environments: { live: [{ ...store, baseUrl: 'https://new.example.com' }] } });
    await a.call('secrets.set', { name: 'env:store:clientSecret', value: 'new-secret' });
    expect(a.core.ctx.config.environments.get('store')?.clientSecret).toBe('new-secret');
  });
});

describe('a live environment address must be https, except on loopback', () => {
  it('refuses a non-loopback http:// base URL or history URL with a message naming the field', async () => {
    app = await startTestApp({ features: () => [] });
    for (const env of [
      { ...store, baseUrl: 'http://svc.example.com' },
      { ...store, apiV3Url: 'http://10.0.0.5/api/v3' },
      { ...store, baseUrl: 'ftp://svc.example.com' },
    ]) {
      const error = await failureOf(app.call('settings.update', { environments: { live: [env] } }));
      expect(error.code).toBe('invalid-args');
      expect(error.message).toMatch(/environments\.live\.0\.(baseUrl|apiV3Url): must be https:\/\//);
    }
    expect((await app.call('settings.get', {})).settings.environments.live).toEqual([]);
  });

  it('accepts http:// on loopback: 127.0.0.0/8, ::1 and localhost', async () => {
    app = await startTestApp({ features: () => [] });
    for (const base of ['http://127.0.0.1:9000', 'http://127.1.2.3', 'http://[::1]:9000', 'http://localhost:9000']) {
      const view = await app.call('settings.update', { environments: { live: [{ ...store, baseUrl: base, apiV3Url: `${base}/api/v3` }] } });
      expect(view.settings.environments.live[0]?.baseUrl).toBe(base);
    }
  });

  it('a stored environment with a plain-http address is dropped alone at load, the rest kept', () => {
    const settings = new SettingsService(
      memorySettingsBackend({
        listener: { port: 4999 },
        environments: { active: 'store', live: [store, { ...store, id: 'old', baseUrl: 'http://svc.example.com' }] },
      }),
    );
    expect(settings.get().listener.port).toBe(4999);
    expect(settings.get().environments.active).toBe('store');
    expect(settings.get().environments.live.map((e) => e.id)).toEqual(['store']);
  });
});
