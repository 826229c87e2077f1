import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setTimeout as quiet } from 'node:timers/promises';
import { signBody } from '../../../../../../shared/signing';
import { nodeHmac } from '../../../../../../electron/services/platform/node-hmac';
import { lieAboutNames } from '../../../../../support/lying-resolver';
import { OFFICIAL_LT_DOMAIN, publicPost, startOfficialLocaltunnel, type OfficialLocaltunnel } from '../../../../../support/official-localtunnel';
import { eventBody, post, startLiveApp, waitForStatus, type LiveApp } from '../live-helpers';

// Against the official localtunnel server itself (not the fixture): real idle sockets, real
// quiet spells, real reconnects. Real time is the point here: the gaps are the test.

let undoNames: () => void;
beforeAll(() => {
  undoNames = lieAboutNames({ [OFFICIAL_LT_DOMAIN]: '127.0.0.1', [`*.${OFFICIAL_LT_DOMAIN}`]: '127.0.0.1' });
});
afterAll(() => undoNames());

let app: LiveApp | null = null;
let server: OfficialLocaltunnel | null = null;
afterEach(async () => {
  await app?.close();
  await server?.close();
  app = null;
  server = null;
});

/** The tunnel on, through the official server, probing once an hour (so the quiet is quiet). */
async function openThroughOfficialServer(): Promise<{ app: LiveApp; publicUrl: string }> {
  server = await startOfficialLocaltunnel();
  app = await startLiveApp({ tunnel: { enabled: true, host: server.host, probeIntervalSeconds: 3600 } });
  const open = await waitForStatus(app, (s) => s.tunnel.state === 'open');
  return { app, publicUrl: open.tunnel.publicUrl! };
}

function signedWebhook(publicUrl: string, orderId: string) {
  const body = eventBody({ orderId });
  return publicPost(publicUrl, '/webhooks', body, { 'Content-Type': 'application/json', 'X-Svc-Hmac-Sha256': signBody(nodeHmac, 'test-key', body) });
}

describe('the tunnel through the official localtunnel server', () => {
  it('delivers webhooks after 0, 3, 17, 30 and 45 s of quiet: every one 2xx and stored', async () => {
    const { app, publicUrl } = await openThroughOfficialServer();
    const answers: number[] = [];
    for (const [i, seconds] of [0, 3, 17, 30, 45].entries()) {
      await quiet(seconds * 1000);
      answers.push((await signedWebhook(publicUrl, `quiet-${i}`)).status);
    }
    expect(answers).toEqual([200, 200, 200, 200, 200]);
    const { rows } = await app.call('live.list', {});
    expect(rows.filter((r) => r.signature === 'valid')).toHaveLength(5);
  }, 150_000);

  it('explains a server named by its IP address instead of opening a tunnel no one can reach, and stays up', async () => {
    server = await startOfficialLocaltunnel();
    app = await startLiveApp({ tunnel: { enabled: true, host: `http://127.0.0.1:${server.port}` } });
    const down = await waitForStatus(app, (s) => s.tunnel.state === 'error');
    expect(down.tunnel.error).toBe(
      `the tunnel server http://127.0.0.1:${server.port} is named by an IP address: subdomains of an IP address do not resolve: give the server a name`,
    );
    expect(down.tunnel.publicUrl).toBeNull();
    const body = eventBody({ orderId: 'direct' });
    expect((await post(`${app.listenerUrl}/`, body, { 'X-Svc-Hmac-Sha256': signBody(nodeHmac, 'test-key', body) })).status).toBe(200);
  });

  it('gets the same subdomain back after a reconnect that follows a quiet spell', async () => {
    const { app, publicUrl } = await openThroughOfficialServer();
    // Longer than the listener's header timeout: the quiet that used to leave half-closed sockets holding the name.
    await quiet(12_000);
    app.core.ctx.config.settings.update({ tunnel: { enabled: false } });
    await waitForStatus(app, (s) => s.tunnel.state === 'disabled');
    app.core.ctx.config.settings.update({ tunnel: { enabled: true } });
    const again = await waitForStatus(app, (s) => s.tunnel.state === 'open');
    expect(again.tunnel.publicUrl).toBe(publicUrl);
    expect(again.tunnel.notice).toBeNull();
    expect((await signedWebhook(publicUrl, 'after-reconnect')).status).toBe(200);
  }, 60_000);
});
