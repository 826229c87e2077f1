import { describe, expect, it } from 'vitest';
import { startHandler } from '../../../../fixtures/handlers';
import { startTestApp, type TestApp } from '../../../../support/app-harness';
import { closedAfterEach } from '../../../../support/closed-after-each';

const closeAfter = closedAfterEach();

type Keys = { settings: { listener: { keys: Array<{ label: string }> } } };
const labels = async (a: TestApp) => ((await a.call('settings.get', {})) as Keys).settings.listener.keys.map((k) => k.label);

describe('which key Replay, the handler check and the CLI sign with', () => {
  it('a key added without makeCurrent leaves the current key as it was', async () => {
    const app = closeAfter(await startTestApp());
    const current = (await labels(app))[0];
    await app.call('live.addKey', { label: 'second store', value: 'second-store-key', makeCurrent: false });
    expect((await labels(app))[0]).toBe(current);
    expect(await labels(app)).toContain('second store');
    await app.call('live.addKey', { label: 'new current', value: 'new-current-key' });
    expect((await labels(app))[0]).toBe('new current');
  });

  it('a check answered 401 names the key it signed with, and that the sandbox signs with another', async () => {
    const app = closeAfter(await startTestApp());
    await app.call('live.addKey', { label: 'my store', value: 'my-store-key' });
    // The handler was set up with another key (the sandbox's, or the store's old one).
    const handler = closeAfter(await startHandler('correct', { key: 'the-handler-key' }));
    const report = await app.call('replay.checkHandler', { url: handler.url, only: ['valid-signature-accepted'] });
    const check = report.checks[0]!;
    expect(check).toMatchObject({ passed: false, status: 401 });
    expect(check.fix).toContain('Hooklab signed with the key “my store”');
    expect(check.fix).toMatch(/The sandbox is the active environment and its store signs with another key \(“Sandbox store key”\)/);
  });
});
