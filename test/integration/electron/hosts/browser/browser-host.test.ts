import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request } from 'node:http';
import { WebSocket } from 'ws';
import { startTestApp, type TestApp } from '../../../../support/app-harness';
import { eventSubprotocols } from '../../../../../shared/security/host-token';

/** Raw HTTP so the test controls Host and Origin exactly, as a rebinding page would send them. */
function rawPost(port: number, path: string, headers: Record<string, string>, body: string) {
  return new Promise<{ status: number; headers: Record<string, unknown>; body: string }>((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, method: 'POST', headers, setHost: false }, (res) => {
      let text = '';
      res.on('data', (c: Buffer) => (text += c.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

function rawGet(port: number, path: string, headers: Record<string, string>) {
  return new Promise<{ status: number; headers: Record<string, unknown>; body: string }>((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, method: 'GET', headers, setHost: false }, (res) => {
      let body = '';
      res.on('data', (c: Buffer) => (body += c.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('browser host', () => {
  let app: TestApp;
  let uiDir: string;
  let host: string;

  beforeAll(async () => {
    uiDir = mkdtempSync(join(tmpdir(), 'hooklab-ui-'));
    mkdirSync(join(uiDir, 'assets'));
    writeFileSync(join(uiDir, 'index.html'), '<!doctype html><title>Hooklab UI</title>');
    writeFileSync(join(uiDir, 'assets', 'app.js'), 'console.log(1)');
    app = await startTestApp({ features: () => [], rendererDir: uiDir });
    host = `127.0.0.1:${app.host.port}`;
  });
  afterAll(async () => {
    await app.close();
    rmSync(uiDir, { recursive: true, force: true });
  });

  it('binds to loopback only', () => {
    expect(app.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  });

  it('never sets the token as a cookie: the open URL carries it in the fragment, the UI is served without it', async () => {
    expect(app.host.openUrl).toBe(`${app.url}/#token=${app.token}`);
    const page = await rawGet(app.host.port, '/', { Host: host });
    expect(page.status).toBe(200);
    expect(page.body).toContain('Hooklab UI');
    expect(page.headers['set-cookie']).toBeUndefined();
    expect(String(page.headers['content-security-policy'])).toContain("script-src 'self'");
    const asset = await rawGet(app.host.port, '/assets/app.js', { Host: host });
    expect(asset.status).toBe(200);
    const first = await rawGet(app.host.port, `/?token=${app.token}`, { Host: host });
    expect(first.status).toBe(303);
    expect(first.headers.location).toBe(`/#token=${app.token}`);
    expect(first.headers['set-cookie']).toBeUndefined();
    const call = await rawPost(app.host.port, '/api/calls/app.status', { Host: host, Authorization: `Bearer ${app.token}` }, '{}');
    expect(call.status).toBe(200);
    expect(call.headers['set-cookie']).toBeUndefined();
  });

  it('answers /api only to the bearer: no header, a wrong one, a cookie or ?token= get 401', async () => {
    for (const path of ['/api/contract', `/api/contract?token=${app.token}`]) {
      expect((await rawGet(app.host.port, path, { Host: host })).status).toBe(401);
      expect((await rawGet(app.host.port, path, { Host: host, Authorization: 'Bearer wrong' })).status).toBe(401);
      expect((await rawGet(app.host.port, path, { Host: host, Cookie: `hooklab_token=${app.token}` })).status).toBe(401);
    }
    expect((await rawGet(app.host.port, '/api/contract', { Host: host, Authorization: `Bearer ${app.token}` })).status).toBe(200);
    const call = await fetch(`${app.url}/api/calls/settings.get?token=${app.token}`, { method: 'POST', body: '{}' });
    expect(call.status).toBe(401);
  });

  it('accepts ?token= on the index page only, on no other route', async () => {
    expect((await rawGet(app.host.port, '/?token=wrong', { Host: host })).status).toBe(401);
    for (const path of [`/assets/app.js?token=${app.token}`, `/index.html?token=${app.token}`, `/live?token=${app.token}`]) {
      expect((await rawGet(app.host.port, path, { Host: host })).status).toBe(401);
    }
  });

  it('answers a malformed cookie, Authorization or request target without a 500', async () => {
    for (const headers of [
      { Cookie: 'hooklab_token=%E0%A4%A; other=%' } as Record<string, string>,
      { Cookie: '=;;;=%%%' },
      { Authorization: 'Bearer' },
      { Authorization: 'Basic %%%' },
    ]) {
      expect((await rawGet(app.host.port, '/api/contract', { Host: host, ...headers })).status).toBe(401);
      expect((await rawGet(app.host.port, '/', { Host: host, ...headers })).status).toBe(200);
    }
    expect((await rawGet(app.host.port, 'http://[', { Host: host })).status).toBe(400);
  });

  it('rejects a foreign Host even with the right token (DNS rebinding)', async () => {
    const res = await rawGet(app.host.port, '/api/contract', { Host: `evil.example:${app.host.port}`, Authorization: `Bearer ${app.token}` });
    expect(res.status).toBe(421);
    expect((await rawGet(app.host.port, '/', { Host: `evil.example:${app.host.port}` })).status).toBe(421);
  });

  it('rejects a foreign Origin even with the right token', async () => {
    const res = await rawGet(app.host.port, '/api/contract', {
      Host: host,
      Origin: 'http://evil.example',
      Authorization: `Bearer ${app.token}`,
    });
    expect(res.status).toBe(403);
  });

  it('does not serve files outside the UI folder', async () => {
    const res = await rawGet(app.host.port, '/..%2f..%2fetc%2fpasswd', { Host: host, Authorization: `Bearer ${app.token}` });
    expect(res.status).toBe(404);
  });

  it('runs contract calls with the token and answers errors in the envelope', async () => {
    expect(await app.call('settings.get', {})).toHaveProperty('settings.listener.port');
    const bad = await fetch(`${app.url}/api/calls/settings.update`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${app.token}` },
      body: JSON.stringify({ poller: { intervalMs: 'soon' } }),
    });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ ok: false, error: { code: 'invalid-args' } });
    const malformed = await fetch(`${app.url}/api/calls/settings.get`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${app.token}` },
      body: '{not json',
    });
    expect(malformed.status).toBe(400);
    const unknown = await fetch(`${app.url}/api/calls/nope.nothing`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${app.token}` },
      body: '{}',
    });
    expect(unknown.status).toBe(404);
  });

  it("answers the app page's call errors with 200 and the envelope, so the browser logs no 4xx", async () => {
    const missing = (extra: Record<string, string>) =>
      fetch(`${app.url}/api/calls/live.get`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${app.token}`, 'Content-Type': 'application/json', ...extra },
        body: JSON.stringify({ id: 424242 }),
      });
    const script = await missing({});
    expect(script.status).toBeGreaterThanOrEqual(400);
    const { error } = (await script.json()) as { error: { code: string } };
    const page = await missing({ 'X-Hooklab-Errors': 'in-envelope' });
    expect(page.status).toBe(200);
    expect(await page.json()).toMatchObject({ ok: false, error: { code: error.code } });
  });

  it('streams live events over the WebSocket only with the token subprotocol and our Origin', async () => {
    const refused = (url: string, protocols: string[] = [], headers: Record<string, string> = {}) =>
      new Promise<boolean>((resolve) => {
        const ws = new WebSocket(url, protocols, { headers });
        ws.on('open', () => {
          ws.close();
          resolve(false);
        });
        ws.on('error', () => resolve(true));
      });
    const wsUrl = `ws://${host}/api/events`;
    expect(await refused(wsUrl)).toBe(true);
    expect(await refused(`${wsUrl}?token=${app.token}`)).toBe(true);
    expect(await refused(wsUrl, [], { Authorization: `Bearer ${app.token}`, Cookie: `hooklab_token=${app.token}` })).toBe(true);
    expect(await refused(wsUrl, ['hooklab.events', 'hooklab.token.wrong'])).toBe(true);
    expect(await refused(wsUrl, [`hooklab.token.${app.token}`])).toBe(true);
    expect(await refused(wsUrl, eventSubprotocols(app.token), { Origin: 'http://evil.example' })).toBe(true);

    const ws = new WebSocket(wsUrl, eventSubprotocols(app.token), { headers: { Origin: app.url } });
    await new Promise((resolve, reject) => {
      ws.on('open', resolve);
      ws.on('error', reject);
    });
    // The host selects the events protocol and never echoes the token.
    expect(ws.protocol).toBe('hooklab.events');
    const message = new Promise<{ event: string; payload: { settings: { poller: { intervalMs: number } } } }>((resolve) =>
      ws.on('message', (data) => {
        const parsed = JSON.parse(String(data));
        if (parsed.event === 'settings.changed') resolve(parsed);
      }),
    );
    await app.call('settings.update', { poller: { intervalMs: 1234 } });
    expect((await message).payload.settings.poller.intervalMs).toBe(1234);
    ws.close();
  });
});
