import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { signBody } from '../../../../../../shared/signing';
import { nodeHmac } from '../../../../../../electron/services/platform/node-hmac';
import { FIXTURE_DOMAIN, startLocaltunnelServer, type LocaltunnelFixture } from '../../../../../fixtures/localtunnel-server';
import { lieAboutNames } from '../../../../../support/lying-resolver';
import { post, startLiveApp, waitForStatus, type LiveApp } from '../live-helpers';

let undoNames: () => void;
beforeAll(() => {
  undoNames = lieAboutNames({ [`*.${FIXTURE_DOMAIN}`]: '127.0.0.1' });
});
afterAll(() => undoNames());

let app: LiveApp | null = null;
let server: LocaltunnelFixture | null = null;
afterEach(async () => {
  await app?.close();
  await server?.close();
  app = null;
  server = null;
});

const binary = () => {
  const body = new Uint8Array(70_000);
  for (let i = 0; i < body.length; i++) body[i] = (i * 31 + 7) % 256;
  return body;
};

async function sendThrough(publicUrl: string, body: Uint8Array) {
  return post(`${publicUrl}/hook`, body, { 'X-Svc-Hmac-Sha256': signBody(nodeHmac, 'test-key', body) });
}

describe('tunnel', () => {
  it('opens through a localtunnel-protocol server and delivers bodies of any bytes intact', async () => {
    server = await startLocaltunnelServer();
    app = await startLiveApp({ tunnel: { enabled: true, host: server.host } });
    const status = await waitForStatus(app, (s) => s.tunnel.state === 'open');
    expect(status.tunnel.publicUrl).toBe([...server.tunnels.values()][0]);
    const body = binary();
    expect((await sendThrough(status.tunnel.publicUrl!, body)).status).toBe(200);
    const { rows } = await app.call('live.list', {});
    const detail = await app.call('live.get', { id: rows[0]!.id });
    expect(detail.bodySha256).toBe(createHash('sha256').update(body).digest('hex'));
    expect(detail.summary.signature).toBe('valid');
    expect(app.core.ctx.settings.get().tunnel.lastPublicUrl).toBe(status.tunnel.publicUrl);
  });

  it('reconnects after the server disappears and returns, asking for the same address', async () => {
    server = await startLocaltunnelServer();
    const port = server.port;
    app = await startLiveApp({ tunnel: { enabled: true, host: server.host } });
    const first = await waitForStatus(app, (s) => s.tunnel.state === 'open');
    await server.close();
    await waitForStatus(app, (s) => s.tunnel.state === 'error');
    server = await startLocaltunnelServer({ port });
    const again = await waitForStatus(app, (s) => s.tunnel.state === 'open');
    expect(again.tunnel.publicUrl).toBe(first.tunnel.publicUrl);
    expect(again.tunnel.urlChanged).toBe(false);
    const body = binary();
    expect((await sendThrough(again.tunnel.publicUrl!, body)).status).toBe(200);
  });

  it('says the public URL changed when the subdomain set in Settings changes', async () => {
    server = await startLocaltunnelServer();
    app = await startLiveApp({ tunnel: { enabled: true, host: server.host, subdomain: 'first-one' } });
    await waitForStatus(app, (s) => s.tunnel.state === 'open');
    app.core.ctx.settings.update({ tunnel: { subdomain: 'second-one' } });
    const again = await waitForStatus(app, (s) => s.tunnel.state === 'open' && s.tunnel.publicUrl === server!.urlFor('second-one'));
    expect(again.tunnel.urlChanged).toBe(true);
  });

  it('reports the user\'s own public URL instead of a tunnel', async () => {
    app = await startLiveApp({ tunnel: { enabled: true, ownPublicUrl: 'https://hooks.example.test/' } });
    const s = await waitForStatus(app, (st) => st.tunnel.state === 'own-url');
    expect(s.tunnel.publicUrl).toBe('https://hooks.example.test/');
  });
});
