import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { signBody } from '../../../../../../shared/signing';
import { nodeHmac } from '../../../../../../electron/services/platform/node-hmac';
import { confSettingsBackend } from '../../../../../../electron/services/settings/conf-backend';
import { SettingsService } from '../../../../../../electron/services/settings/settings-service';
import { FIXTURE_DOMAIN, startLocaltunnelServer, type LocaltunnelFixture } from '../../../../../fixtures/localtunnel-server';
import { lieAboutNames } from '../../../../../support/lying-resolver';
import { startHooklab } from '../../../../../support/hooklab-cli';
import { processExists } from '../../../../../support/server-process';
import { processesStoppedAfterEach } from '../../../../../support/stopped-processes';
import { tempDirs } from '../../../../../support/temp-dirs';
import { startServeOn } from '../../../services/instance/serve-on-folder';

const KEY = 'tunnel-listen-key-3a9c';
const newDir = tempDirs('hooklab-tunnel-');
const processes = processesStoppedAfterEach();
const servers: LocaltunnelFixture[] = [];

/** The fixture's public names resolve to loopback here and in the processes started (never through DNS). */
const NAMES = { [`*.${FIXTURE_DOMAIN}`]: '127.0.0.1' };
const HOOKLAB_TEST_NAMES = JSON.stringify(NAMES);
let undoNames: () => void;
beforeAll(() => {
  undoNames = lieAboutNames(NAMES);
});
afterAll(() => undoNames());
const PUBLIC_URL = /^public URL: (http:\/\/hooklab-[a-z0-9]+\.lt\.test:\d+)$/m;

afterEach(async () => {
  for (const s of servers.splice(0)) await s.close();
});

/** A tunnel server on loopback, and a fresh data folder with it set as a user sets it in Settings. */
async function folderWithTunnelServer(tunnel: { probeIntervalSeconds?: number } = {}): Promise<{ server: LocaltunnelFixture; dataDir: string }> {
  const server = await startLocaltunnelServer();
  servers.push(server);
  const dataDir = newDir();
  new SettingsService(confSettingsBackend(dataDir)).update({ tunnel: { host: server.host, ...tunnel } });
  return { server, dataDir };
}

describe('hooklab listen --tunnel', () => {
  it('prints the public URL and the probe\'s verdict, and a delivery sent to it is printed as a line', async () => {
    const { server, dataDir } = await folderWithTunnelServer({ probeIntervalSeconds: 5 });

    const listener = startHooklab(['listen', '--data-dir', dataDir, '--listener-port', '0', '--tunnel'], { HOOKLAB_WEBHOOK_KEY: KEY, HOOKLAB_TEST_NAMES });
    processes.push(listener);
    const publicUrl = (await listener.waitFor(PUBLIC_URL))[1]!;
    expect(publicUrl).toBe([...server.tunnels.values()][0]);
    await listener.waitFor(/^public URL reachable: a probe sent to .* came back to this listener$/m);

    // The tunnel server goes: one line says so, with the cause; back: one line says reachable again.
    const port = server.port;
    await server.close();
    servers.splice(0);
    expect((await listener.waitFor(/^public URL NOT reachable since \S+: (.*)$/m))[1]).toMatch(/tunnel server refused the connection/);
    servers.push(await startLocaltunnelServer({ port }));
    await listener.waitFor(/NOT reachable[\s\S]*^public URL reachable: /m);

    const body = JSON.stringify({ orderId: '700001', orderReference: null, orderType: 'FULL', description: 'through the tunnel', level: 'Info', type: 'SuccessPayment', metadata: null });
    const res = await fetch(`${publicUrl}/`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Svc-Event-Id': '4242', 'X-Svc-Event-Created': new Date().toISOString(), 'X-Svc-Hmac-Sha256': signBody(nodeHmac, KEY, body) },
      body,
    });
    expect(res.status).toBe(200);
    const line = await listener.waitFor(/^.*SuccessPayment.*$/m);
    expect(line[0]).toMatch(/#1 +SuccessPayment +order 700001 +evt 4242 +signature valid/);
  }, 60_000);
});

describe('a restart with the tunnel on and no subdomain set', () => {
  it('gets the same public URL: the data folder keeps the subdomain it asks for', async () => {
    const { dataDir } = await folderWithTunnelServer();
    const args = ['listen', '--data-dir', dataDir, '--listener-port', '0', '--tunnel'];

    const first = startHooklab(args, { HOOKLAB_TEST_NAMES });
    processes.push(first);
    const before = (await first.waitFor(PUBLIC_URL))[1]!;
    await first.killGroup('SIGTERM');

    const second = startHooklab(args, { HOOKLAB_TEST_NAMES });
    processes.push(second);
    expect((await second.waitFor(PUBLIC_URL))[1]).toBe(before);
    await second.waitFor(/^public URL reachable: /m);
    expect(second.output()).not.toMatch(/NOTICE:/);
  }, 60_000);
});

describe('a saved tunnel server that cannot work', () => {
  it('never stops a start: hooklab listen says why, keeps running, and stores what is sent to it', async () => {
    const server = await startLocaltunnelServer();
    servers.push(server);
    const dataDir = newDir();
    // As a user saved it: the server by its IP address (its public URLs would be <id>.127.0.0.1).
    new SettingsService(confSettingsBackend(dataDir)).update({ tunnel: { host: `http://127.0.0.1:${server.port}` } });

    const listener = startHooklab(['listen', '--data-dir', dataDir, '--listener-port', '0', '--tunnel'], { HOOKLAB_WEBHOOK_KEY: KEY, HOOKLAB_TEST_NAMES });
    processes.push(listener);
    const down = await listener.waitFor(/^tunnel down: (.*)$/m);
    expect(down[1]).toBe(`the tunnel server http://127.0.0.1:${server.port} is named by an IP address: subdomains of an IP address do not resolve: give the server a name`);
    const url = (await listener.waitFor(/^Ready: listening on (http:\/\/127\.0\.0\.1:\d+\/)/m))[1]!;
    const body = JSON.stringify({ orderId: '700002', orderReference: null, orderType: 'FULL', description: 'direct', level: 'Info', type: 'SuccessPayment', metadata: null });
    const res = await fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-Svc-Hmac-Sha256': signBody(nodeHmac, KEY, body) }, body });
    expect(res.status).toBe(200);
    await listener.waitFor(/order 700002 .*signature valid/);
    expect(server.tunnels.size).toBe(0);
    expect(processExists(listener.pid)).toBe(true);
  }, 60_000);
});

describe('hooklab serve --tunnel', () => {
  it('prints the public URL beside the UI address, as listen does', async () => {
    const { server, dataDir } = await folderWithTunnelServer();

    const serve = await startServeOn(dataDir, ['--sandbox-port', '0', '--tunnel'], { HOOKLAB_TEST_NAMES });
    processes.push(serve.process);
    const publicUrl = (await serve.process.waitFor(PUBLIC_URL))[1]!;
    expect(publicUrl).toBe([...server.tunnels.values()][0]);
    await serve.process.waitFor(/^public URL reachable: /m);
  }, 60_000);
});
