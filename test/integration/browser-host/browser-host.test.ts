import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request } from 'node:http';
import { WebSocket } from 'ws';
import { startTestApp, type TestApp } from '../../support/app-harness';

/** Raw HTTP so the test controls Host and Origin exactly, as a rebinding page would send them. */
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

  it('trades the token in the URL for an HttpOnly cookie, then serves the UI', async () => {
    const first = await rawGet(app.host.port, `/?token=${app.token}`, { Host: host });
    expect(first.status).toBe(303);
    const cookie = String(first.headers['set-cookie']);
    expect(cookie).toContain(`hooklab_token=${app.token}`);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Strict');
    const page = await rawGet(app.host.port, '/', { Host: host, Cookie: `hooklab_token=${app.token}` });
    expect(page.status).toBe(200);
    expect(page.body).toContain('Hooklab UI');
    expect(String(page.headers['content-security-policy'])).toContain("script-src 'self'");
  });

  it('rejects a missing or wrong token, for the UI, its assets and the API', async () => {
    for (const path of ['/', '/assets/app.js', '/api/contract']) {
      expect((await rawGet(app.host.port, path, { Host: host })).status).toBe(401);
      expect((await rawGet(app.host.port, `${path}?token=wrong`, { Host: host })).status).toBe(401);
      expect((await rawGet(app.host.port, path, { Host: host, Authorization: 'Bearer wrong' })).status).toBe(401);
    }
    const call = await fetch(`${app.url}/api/calls/settings.get`, { method: 'POST', body: '{}' });
    expect(call.status).toBe(401);
  });

  it('rejects a foreign Host even with the right token (DNS rebinding)', async () => {
    const res = await rawGet(app.host.port, `/?token=${app.token}`, { Host: `evil.example:${app.host.port}` });
    expect(res.status).toBe(421);
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

  it('streams live events over the WebSocket only with the token and our Origin', async () => {
    const refused = (url: string, headers: Record<string, string> = {}) =>
      new Promise<boolean>((resolve) => {
        const ws = new WebSocket(url, { headers });
        ws.on('open', () => {
          ws.close();
          resolve(false);
        });
        ws.on('error', () => resolve(true));
      });
    const wsUrl = `ws://${host}/api/events`;
    expect(await refused(wsUrl)).toBe(true);
    expect(await refused(`${wsUrl}?token=wrong`)).toBe(true);
    expect(await refused(`${wsUrl}?token=${app.token}`, { Origin: 'http://evil.example' })).toBe(true);

    const ws = new WebSocket(`${wsUrl}?token=${app.token}`, { headers: { Origin: app.url } });
    await new Promise((resolve, reject) => {
      ws.on('open', resolve);
      ws.on('error', reject);
    });
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
