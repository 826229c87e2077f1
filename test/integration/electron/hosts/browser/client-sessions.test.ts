import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventSubprotocols } from '../../../../../shared/security/host-token';
import { startTestApp, type TestApp } from '../../../../support/app-harness';

describe("the local API's event sockets are clients' sessions", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({});
  });
  afterAll(async () => {
    await app.close();
  });

  const labels = async () => (await app.call('replay.keys', {})).keys.map((k) => k.label);

  it('a key lent for a session is kept in memory, signs, and is gone when the socket closes', async () => {
    const { default: WebSocket } = await import('ws');
    const ws = new WebSocket(`${app.url.replace('http', 'ws')}/api/events`, eventSubprotocols(app.token), { headers: { Origin: app.url } });
    const first = await new Promise<{ session?: string }>((resolve, reject) => {
      ws.once('message', (data) => resolve(JSON.parse(String(data)) as { session?: string }));
      ws.once('error', reject);
    });
    expect(first.session).toMatch(/^[0-9a-f-]{36}$/);
    const { id } = await app.call('replay.addThrowawayKey', { label: 'lent for a session', value: 'lent-secret', session: first.session });
    expect(await labels()).toContain('lent for a session');
    // Never written: the secret store holds no value for it.
    expect(app.core.ctx.config.secrets.get(`replayKey:${id}`)).toBeUndefined();
    const closed = new Promise((resolve) => ws.once('close', resolve));
    ws.terminate();
    await closed;
    await expect.poll(labels).not.toContain('lent for a session');
    // A session that ended lends nothing more.
    await expect(app.call('replay.addThrowawayKey', { label: 'late', value: 'late-secret', session: first.session })).rejects.toThrow(/no open session/);
  });
});
