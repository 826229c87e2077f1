import { afterEach, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../../../electron/emulator';
import { control } from './helpers';

/**
 * The app's embedded sandbox signs only with keys it generated (`ownKeysOnly`) and delivers only
 * where the embedder's target policy lets it; the standalone sandbox and `hooklab/testing` take
 * the key their starter gives.
 */
describe('the sandbox key policy and webhook target policy', () => {
  const started: RunningSandbox[] = [];
  afterEach(async () => {
    for (const sb of started.splice(0)) await sb.close();
  });
  const start = async (options: Parameters<typeof startSandbox>[0]) => {
    const sb = await startSandbox(options);
    started.push(sb);
    return sb;
  };

  it('ownKeysOnly: no route or helper gives a store another key', async () => {
    const sb = await start({ ownKeysOnly: {} });
    const own = sb.defaultStore.webhookKey;
    const put = await control(sb, 'PUT', `/stores/${sb.defaultStore.storeId}/webhook`, { body: { url: '', key: 'prod-key' } });
    expect(put.status).toBe(403);
    expect(put.body.error).toContain('signs only with keys it generated');
    expect((await control(sb, 'POST', '/stores', { body: { webhookKey: 'prod-key' } })).status).toBe(403);
    expect(() => sb.setWebhook(sb.defaultStore.storeId, '', 'prod-key')).toThrow(/signs only with keys it generated/);
    expect(() => sb.createStore({ webhookKey: 'prod-key' })).toThrow(/signs only with keys it generated/);
    expect(sb.getStore(sb.defaultStore.storeId)?.webhookKey).toBe(own);
    await expect(startSandbox({ ownKeysOnly: {}, defaultStore: { webhookKey: 'prod-key' } })).rejects.toThrow(/signs only with keys it generated/);
  });

  it('without it, the starter chooses the key (a test suite\'s fixed key)', async () => {
    const sb = await start({ defaultStore: { webhookKey: 'test-suite-key' } });
    expect(sb.defaultStore.webhookKey).toBe('test-suite-key');
    const put = await control(sb, 'PUT', `/stores/${sb.defaultStore.storeId}/webhook`, { body: { url: '', key: 'k2' } });
    expect(put.status).toBe(200);
    expect(put.body.webhookKey).toBe('k2');
  });

  it('webhookTargetRefusal: a refused URL is a 400 naming why, and the setting stays', async () => {
    const refusal = (url: string) => (new URL(url).hostname === '127.0.0.1' ? null : `${new URL(url).host} is not on this machine`);
    const sb = await start({ webhookTargetRefusal: refusal });
    const storeId = sb.defaultStore.storeId;
    const put = await control(sb, 'PUT', `/stores/${storeId}/webhook`, { body: { url: 'http://127.0.0.1:9/a;http://169.254.169.254/latest' } });
    expect(put.status).toBe(400);
    expect(put.body.error).toBe('url: 169.254.169.254 is not on this machine');
    expect((await control(sb, 'POST', '/stores', { body: { webhookUrl: 'http://10.0.0.1/x' } })).status).toBe(400);
    expect(() => sb.setWebhook(storeId, 'http://10.0.0.1/x')).toThrow(/10\.0\.0\.1 is not on this machine/);
    expect(sb.getStore(storeId)?.webhookUrl).toBe('');
    expect((await control(sb, 'PUT', `/stores/${storeId}/webhook`, { body: { url: 'http://127.0.0.1:9/a' } })).status).toBe(200);
  });
});
