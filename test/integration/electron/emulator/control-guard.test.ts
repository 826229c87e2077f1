import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request } from 'node:http';
import { startSandbox, type RunningSandbox } from '../../../../electron/emulator';

/** Raw HTTP, so the test sets Host, Origin and Content-Type exactly as a hostile page would. */
function send(port: number, method: string, path: string, headers: Record<string, string>, body?: string) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, method, headers, setHost: false }, (res) => {
      let text = '';
      res.on('data', (c: Buffer) => (text += c.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

describe("the sandbox's control API is guarded like the browser host", () => {
  let sb: RunningSandbox;
  let host: string;
  let json: Record<string, string>;
  const newStore = JSON.stringify({ webhookUrl: 'http://10.0.0.1/ssrf' });

  beforeAll(async () => {
    sb = await startSandbox({ retryDelayMs: 1 });
    host = `127.0.0.1:${sb.port}`;
    json = { 'Content-Type': 'application/json', Authorization: `Bearer ${sb.controlToken}` };
  });
  afterAll(async () => {
    await sb.close();
  });

  it('refuses a foreign Host (DNS rebinding) with 421, creating nothing', async () => {
    const before = (await send(sb.port, 'GET', '/_sandbox/scenarios', { Host: host, ...json })).status;
    expect(before).toBe(200);
    const rebound = await send(sb.port, 'POST', '/_sandbox/stores', { Host: `evil.example:${sb.port}`, ...json }, newStore);
    expect(rebound.status).toBe(421);
    expect(JSON.parse(rebound.body)).toEqual({ error: 'Misdirected request: unknown Host' });
    expect((await send(sb.port, 'GET', '/_sandbox/scenarios', { Host: `evil.example:${sb.port}` })).status).toBe(421);
    expect((await send(sb.port, 'POST', '/_sandbox/scenarios/paid-order', { Host: 'evil.example', ...json }, '{}')).status).toBe(421);
  });

  it('refuses a cross-site Origin with 403', async () => {
    const res = await send(sb.port, 'POST', '/_sandbox/stores', { Host: host, Origin: 'http://evil.example', ...json }, newStore);
    expect(res.status).toBe(403);
    expect(JSON.parse(res.body)).toEqual({ error: 'Forbidden: foreign Origin' });
  });

  it('refuses a body that is not declared application/json with 415 (a cross-site form sends text/plain)', async () => {
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', undefined]) {
      // An empty form post declares its type too.
      const auth = { Authorization: json.Authorization! };
      if (type) expect((await send(sb.port, 'POST', '/_sandbox/stores', { Host: host, ...auth, 'Content-Type': type }, '')).status).toBe(415);
      const headers: Record<string, string> = { Host: host, ...auth, ...(type ? { 'Content-Type': type } : {}) };
      const res = await send(sb.port, 'POST', '/_sandbox/stores', headers, newStore);
      expect(res.status).toBe(415);
      expect(JSON.parse(res.body).error).toContain('Content-Type: application/json');
    }
    expect((await send(sb.port, 'PUT', `/_sandbox/stores/${sb.defaultStore.storeId}/chaos`, { Host: host, ...json, 'Content-Type': 'text/plain' }, '{}')).status).toBe(415);
  });

  it('serves our own loopback clients: 127.0.0.1 or localhost, no Origin or our own, JSON bodies', async () => {
    const created = await send(sb.port, 'POST', '/_sandbox/stores', { Host: host, ...json, 'Content-Type': 'application/json; charset=utf-8' }, '{}');
    expect(created.status).toBe(201);
    expect((await send(sb.port, 'GET', '/_sandbox/scenarios', { Host: `localhost:${sb.port}`, ...json })).status).toBe(200);
    const fromOurPage = await send(sb.port, 'POST', '/_sandbox/stores', { Host: host, Origin: `http://127.0.0.1:${sb.port}`, ...json }, '{}');
    expect(fromOurPage.status).toBe(201);
    // The service API itself is not the control API: its own rules apply (here: a validation problem, docs/service.md#validation-problem).
    expect((await send(sb.port, 'POST', '/token', { Host: `evil.example:${sb.port}`, ...json }, '{}')).status).not.toBe(421);
  });
});

describe("the sandbox's control API answers only to the one who started it", () => {
  let sb: RunningSandbox;
  let host: string;
  const json = { 'Content-Type': 'application/json' };

  beforeAll(async () => {
    sb = await startSandbox({ retryDelayMs: 1 });
    host = `127.0.0.1:${sb.port}`;
  });
  afterAll(async () => {
    await sb.close();
  });

  it('refuses every route without the control token, or with another, with 401: no AccountId, no key, no signed event', async () => {
    const store = sb.defaultStore.storeId;
    const routes: Array<[string, string, string?]> = [
      ['POST', '/_sandbox/scenarios/3ds-success', '{}'],
      ['GET', `/_sandbox/stores/${store}`],
      ['PUT', `/_sandbox/stores/${store}/webhook`, JSON.stringify({ url: 'http://127.0.0.1:9/elsewhere' })],
      ['POST', `/_sandbox/stores/${store}/events`, JSON.stringify({ orderId: '1', orderReference: null, orderType: 'FASTLINK_CHARGE', description: 'x', level: 'Info', type: 'SuccessPayment', metadata: null })],
      ['POST', '/_sandbox/stores', '{}'],
      ['GET', '/_sandbox/scenarios'],
    ];
    for (const [method, path, body] of routes) {
      for (const auth of [{}, { Authorization: 'Bearer not-the-token' }, { Authorization: sb.controlToken }] as Array<Record<string, string>>) {
        const res = await send(sb.port, method, path, { Host: host, ...json, ...auth }, body);
        expect(res.status, `${method} ${path} ${JSON.stringify(auth)}`).toBe(401);
        expect(res.body).not.toContain(sb.defaultStore.webhookKey);
        expect(JSON.parse(res.body).error).toContain('Authorization: Bearer');
      }
    }
    // Nothing changed: the store's setting is as it was, and no delivery was made.
    expect(sb.getStore(store)?.webhookUrl).toBe('');
    const withToken = await send(sb.port, 'GET', `/_sandbox/stores/${store}`, { Host: host, Authorization: `Bearer ${sb.controlToken}` });
    expect(withToken.status).toBe(200);
  });

  it('takes a token of its starter, and each sandbox makes its own', async () => {
    const other = await startSandbox({ controlToken: 'a-token-the-test-chose-0123456789abcdef' });
    try {
      expect(other.controlToken).toBe('a-token-the-test-chose-0123456789abcdef');
      expect(sb.controlToken).toMatch(/^[A-Za-z0-9_-]{32}$/);
      const res = await send(other.port, 'GET', '/_sandbox/scenarios', { Host: `127.0.0.1:${other.port}`, Authorization: `Bearer ${sb.controlToken}` });
      expect(res.status).toBe(401);
    } finally {
      await other.close();
    }
  });
});
