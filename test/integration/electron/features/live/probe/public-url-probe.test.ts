import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { memorySettingsBackend } from '../../../../../../electron/services/settings/settings-service';
import { FIXTURE_DOMAIN, startLocaltunnelServer, type LocaltunnelFixture } from '../../../../../fixtures/localtunnel-server';
import { lieAboutNames } from '../../../../../support/lying-resolver';
import { post, startLiveApp, waitForStatus, type LiveApp } from '../live-helpers';
import { ProbeKey } from '../../../../../../electron/features/live/probe/probe-webhook';

/** Probes every 300 ms here (the setting's floor is 5 s): a test waits for verdicts, never for a time. */
const INTERVAL_MS = 300;

let undoNames: () => void;
beforeAll(() => {
  undoNames = lieAboutNames({ [`*.${FIXTURE_DOMAIN}`]: '127.0.0.1' });
});
afterAll(() => undoNames());

const apps: LiveApp[] = [];
const servers: LocaltunnelFixture[] = [];
const others: Server[] = [];
afterEach(async () => {
  for (const a of apps.splice(0)) await a.close();
  for (const s of servers.splice(0)) await s.close();
  for (const o of others.splice(0)) await new Promise((r) => o.close(r));
});

async function tunnelServer(port?: number): Promise<LocaltunnelFixture> {
  const server = await startLocaltunnelServer(port ? { port } : {});
  servers.push(server);
  return server;
}

async function liveApp(settings: Record<string, unknown>, options: Parameters<typeof startLiveApp>[2] = {}): Promise<LiveApp> {
  const app = await startLiveApp(settings, 'test-key', { probeIntervalMs: INTERVAL_MS, ...options });
  apps.push(app);
  return app;
}

describe('the probe of the public URL', () => {
  it('comes back through the tunnel with a latency, and is kept out of Live', async () => {
    const server = await tunnelServer();
    const app = await liveApp({ tunnel: { enabled: true, host: server.host } });
    const open = await waitForStatus(app, (s) => s.tunnel.state === 'open');
    const subdomain = app.core.ctx.config.settings.get().tunnel.autoSubdomain;
    expect(subdomain).toMatch(/^hooklab-[a-z0-9]{10}$/);
    expect(open.tunnel.publicUrl).toBe(server.urlFor(subdomain!));

    const result = await app.call('live.probePublicUrl', {});
    expect(result).toMatchObject({ reachable: true, publicUrl: open.tunnel.publicUrl, error: null });
    expect(result.latencyMs).toBeGreaterThanOrEqual(0);
    const status = await waitForStatus(app, (s) => s.tunnel.probe.reachable === true);
    expect(status.tunnel.probe).toMatchObject({ error: null, unreachableSince: null });
    expect(status.tunnel.probe.checkedAt).not.toBeNull();
    expect(status.listener.probesAnswered).toBeGreaterThanOrEqual(1);
    expect((await app.call('live.list', {})).total).toBe(0);
  });

  it('a request with the old probe headers, or signed like a probe with another key, is an ordinary delivery', async () => {
    const app = await liveApp({});
    const marked = await post(`${app.listenerUrl}/hook`, '{"type":"Created"}', { 'X-Hooklab-Probe': 'f'.repeat(32), 'X-Hooklab-Probe-Signature': '0'.repeat(64) });
    expect(marked.status).toBe(200);
    const other = new ProbeKey().issue();
    const lookalike = await post(`${app.listenerUrl}/webhooks`, other.body, Object.fromEntries(other.headers));
    expect(lookalike.status).toBe(200);
    expect((await app.call('live.list', {})).total).toBe(2);
    expect(app.core.ctx.runtime.status.get().listener.probesAnswered).toBe(0);
  });

  it('says the tunnel server is down within one interval, and reachable again on the same URL when it is back', async () => {
    const server = await tunnelServer();
    const port = server.port;
    const app = await liveApp({ tunnel: { enabled: true, host: server.host } });
    const first = await waitForStatus(app, (s) => s.tunnel.probe.reachable === true);
    await server.close();
    const down = await waitForStatus(app, (s) => s.tunnel.probe.reachable === false);
    expect(down.tunnel.probe.error).toMatch(/tunnel server refused the connection .*ECONNREFUSED/);
    expect(down.tunnel.probe.unreachableSince).not.toBeNull();
    expect(down.tunnel.probe.latencyMs).toBeNull();

    await tunnelServer(port);
    const back = await waitForStatus(app, (s) => s.tunnel.probe.reachable === true);
    expect(back.tunnel.publicUrl).toBe(first.tunnel.publicUrl);
    expect(back.tunnel.urlChanged).toBe(false);
    expect(back.tunnel.probe.unreachableSince).toBeNull();
  });

  it('says when something else answers at the public URL: not this Hooklab', async () => {
    const other = createServer((_req, res) => res.writeHead(200, { 'Content-Type': 'text/html' }).end('<h1>Friendly reminder</h1>\nclick to continue'));
    others.push(other);
    await new Promise<void>((r) => other.listen(0, '127.0.0.1', r));
    const ownUrl = `http://127.0.0.1:${(other.address() as AddressInfo).port}/webhooks`;
    const app = await liveApp({ tunnel: { ownPublicUrl: ownUrl } });
    const result = await app.call('live.probePublicUrl', {});
    expect(result.reachable).toBe(false);
    expect(result.error).toMatch(/something else answered at .* \(not this Hooklab.*\), with 200: "<h1>Friendly reminder<\/h1>"/);
  });

  it('quotes the tunnel server when it answers 503 itself, and names a reminder page as not this Hooklab', async () => {
    const server = await tunnelServer();
    const app = await liveApp({ tunnel: { enabled: true, host: server.host } });
    await waitForStatus(app, (s) => s.tunnel.probe.reachable === true);

    server.answerInstead({ status: 503, body: 'Tunnel Unavailable\nplease retry later' });
    const unavailable = await app.call('live.probePublicUrl', {});
    expect(unavailable.error).toBe('the tunnel server answered 503: "Tunnel Unavailable" instead of passing the request to this Hooklab');

    server.answerInstead({ status: 200, body: '<!DOCTYPE html>\n<h1>Friendly Reminder</h1>' });
    const reminder = await app.call('live.probePublicUrl', {});
    expect(reminder.error).toMatch(/^something else answered at http:\/\/hooklab-.* \(not this Hooklab: another program on that URL, or a reminder page\), with 200: "<!DOCTYPE html>"$/);

    server.answerInstead(null);
    expect((await app.call('live.probePublicUrl', {})).reachable).toBe(true);
    // The tunnel client stayed connected all along: only the probe could tell.
    expect(app.core.ctx.runtime.status.get().tunnel.state).toBe('open');
  });

  it('checks an own public URL on loopback: the probe comes back, and it still says only this machine can reach it', async () => {
    const app = await liveApp({});
    app.core.ctx.config.settings.update({ tunnel: { ownPublicUrl: `${app.listenerUrl}/webhooks` } });
    const status = await waitForStatus(app, (s) => s.tunnel.state === 'own-url' && s.tunnel.probe.checkedAt !== null);
    expect(status.tunnel.probe).toMatchObject({
      reachable: false,
      reach: 'this-machine',
      unreachableSince: null,
      error: 'a probe came back to this Hooklab, but only this machine can reach this address: the service cannot',
    });
    expect(status.tunnel.probe.latencyMs).not.toBeNull();
    expect(status.listener.probesAnswered).toBeGreaterThanOrEqual(1);
    const result = await app.call('live.probePublicUrl', {});
    expect(result).toMatchObject({ reachable: false, reach: 'this-machine' });
    expect((await app.call('live.list', {})).total).toBe(0);
  });

  it('moves to the second tunnel server after two failed probes in a row, and says so', async () => {
    const a = await tunnelServer();
    const b = await tunnelServer();
    const app = await liveApp({ tunnel: { enabled: true, hosts: [a.host, b.host] } });
    const first = await waitForStatus(app, (s) => s.tunnel.probe.reachable === true);
    expect(first.tunnel.publicUrl).toBe(a.urlFor(app.core.ctx.config.settings.get().tunnel.autoSubdomain!));
    await a.close();
    const moved = await waitForStatus(app, (s) => s.tunnel.state === 'open' && s.tunnel.publicUrl?.includes(`:${b.port}`) === true);
    expect(moved.tunnel.notice).toMatch(new RegExp(`Two probes in a row failed .*moved to the next server ${b.host.replace(/\./g, '\\.')}`));
    await waitForStatus(app, (s) => s.tunnel.probe.reachable === true);
  });

  it('asks for the same subdomain after a restart: the public URL stays', async () => {
    const server = await tunnelServer();
    const backend = memorySettingsBackend({ tunnel: { enabled: true, host: server.host }, listener: { port: 0 } });
    const first = await liveApp({}, { settingsBackend: backend });
    const before = (await waitForStatus(first, (s) => s.tunnel.state === 'open')).tunnel.publicUrl;
    apps.splice(apps.indexOf(first), 1);
    await first.close();
    const second = await liveApp({}, { settingsBackend: backend });
    const after = await waitForStatus(second, (s) => s.tunnel.state === 'open');
    expect(after.tunnel.publicUrl).toBe(before);
    expect(after.tunnel.notice).toBeNull();
    expect(after.tunnel.urlChanged).toBe(false);
  });

  it('says loudly what to change in the portal when the server grants another subdomain', async () => {
    const server = await tunnelServer();
    const holder = await liveApp({ tunnel: { enabled: true, host: server.host, subdomain: 'taken-one' } });
    await waitForStatus(holder, (s) => s.tunnel.state === 'open');
    const app = await liveApp({ tunnel: { enabled: true, host: server.host, subdomain: 'taken-one' } });
    const status = await waitForStatus(app, (s) => s.tunnel.state === 'open');
    expect(status.tunnel.publicUrl).not.toBe(server.urlFor('taken-one'));
    expect(status.tunnel.notice).toContain(`set ${status.tunnel.publicUrl} as the webhook URL in the merchant portal (Settings → Developer options → Webhook)`);
  }, 15_000);
});
