import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { setTimeout as quiet } from 'node:timers/promises';
import { signBody } from '../../../../../../shared/signing';
import { nodeHmac } from '../../../../../../electron/services/platform/node-hmac';
import { FIXTURE_DOMAIN, startLocaltunnelServer, type LocaltunnelFixture } from '../../../../../fixtures/localtunnel-server';
import { lieAboutNames } from '../../../../../support/lying-resolver';
import { eventBody, post, startLiveApp, waitForStatus, type LiveApp } from '../live-helpers';

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
    expect(app.core.ctx.config.settings.get().tunnel.lastPublicUrl).toBe(status.tunnel.publicUrl);
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
    app.core.ctx.config.settings.update({ tunnel: { subdomain: 'second-one' } });
    const again = await waitForStatus(app, (s) => s.tunnel.state === 'open' && s.tunnel.publicUrl === server!.urlFor('second-one'));
    expect(again.tunnel.urlChanged).toBe(true);
  });

  // The listener's header timeout at its least, so a quiet longer than it takes a second.
  const impatientListener = { headersTimeoutMs: 300, requestTimeoutMs: 500 };

  it('delivers a webhook after a quiet longer than the listener\'s header timeout: no idle connection waits at the listener', async () => {
    server = await startLocaltunnelServer();
    app = await startLiveApp({ tunnel: { enabled: true, host: server.host, probeIntervalSeconds: 3600 }, listener: impatientListener });
    const open = await waitForStatus(app, (s) => s.tunnel.state === 'open');
    await quiet(1500);
    const body = eventBody({ orderId: 'after-quiet' });
    const answer = await sendThrough(open.tunnel.publicUrl!, new TextEncoder().encode(body));
    expect(answer.status).toBe(200);
    const { rows } = await app.call('live.list', {});
    expect(rows.map((r) => r.orderId)).toContain('after-quiet');
  });

  it('gets the same address back when it reconnects after such a quiet: its sockets are closed and the name freed', async () => {
    server = await startLocaltunnelServer();
    app = await startLiveApp({ tunnel: { enabled: true, host: server.host, probeIntervalSeconds: 3600 }, listener: impatientListener });
    const first = await waitForStatus(app, (s) => s.tunnel.state === 'open');
    await quiet(1500);
    app.core.ctx.config.settings.update({ tunnel: { enabled: false } });
    await waitForStatus(app, (s) => s.tunnel.state === 'disabled');
    app.core.ctx.config.settings.update({ tunnel: { enabled: true } });
    const again = await waitForStatus(app, (s) => s.tunnel.state === 'open');
    expect(again.tunnel.publicUrl).toBe(first.tunnel.publicUrl);
    expect(again.tunnel.notice).toBeNull();
    expect((await sendThrough(again.tunnel.publicUrl!, binary())).status).toBe(200);
  });

  it('opens at most 10 sockets whatever max_conn_count the server answers', async () => {
    server = await startLocaltunnelServer({ answer: (a) => ({ ...a, max_conn_count: 3000 }) });
    app = await startLiveApp({ tunnel: { enabled: true, host: server.host } });
    const open = await waitForStatus(app, (s) => s.tunnel.state === 'open');
    const id = new URL(open.tunnel.publicUrl!).hostname.split('.')[0]!;
    expect((await sendThrough(open.tunnel.publicUrl!, binary())).status).toBe(200);
    expect(server.socketsRefused(id)).toBe(0);
  });

  it('stays up and says why when the server answers a public URL that is not one, and again after a restart', async () => {
    server = await startLocaltunnelServer({ answer: (a) => ({ ...a, url: 'not a url' }) });
    for (let run = 0; run < 2; run++) {
      app = await startLiveApp({ tunnel: { enabled: true, host: server.host } });
      const down = await waitForStatus(app, (s) => s.tunnel.state === 'error');
      expect(down.tunnel.error).toMatch(/^retrying in 1 s: the tunnel server answered a public URL that is not a URL: "not a url"$/);
      expect(down.tunnel.publicUrl).toBeNull();
      // The rest of Hooklab carries on: the listener stores what is sent to it directly.
      expect((await post(`${app.listenerUrl}/`, eventBody(), {})).status).toBe(200);
      await app.close();
      app = null;
    }
  });

  it('stays up and explains a tunnel server named by an IP address, without asking it', async () => {
    server = await startLocaltunnelServer();
    app = await startLiveApp({ tunnel: { enabled: true, host: `http://127.0.0.1:${server.port}` } });
    const status = await waitForStatus(app, (s) => s.tunnel.state === 'error');
    expect(status.tunnel.error).toBe(
      `the tunnel server http://127.0.0.1:${server.port} is named by an IP address: subdomains of an IP address do not resolve: give the server a name`,
    );
    expect(server.tunnels.size).toBe(0);
    expect((await post(`${app.listenerUrl}/`, eventBody(), {})).status).toBe(200);
  });

  it('reports the user\'s own public URL instead of a tunnel', async () => {
    app = await startLiveApp({ tunnel: { enabled: true, ownPublicUrl: 'https://hooks.example.test/' } });
    const s = await waitForStatus(app, (st) => st.tunnel.state === 'own-url');
    expect(s.tunnel.publicUrl).toBe('https://hooks.example.test/');
  });
});
