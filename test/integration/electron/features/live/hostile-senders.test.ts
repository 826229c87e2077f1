import { afterEach, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { connect, createServer, type Server, type Socket } from 'node:net';
import { signBody } from '../../../../../shared/signing';
import { nodeHmac } from '../../../../../electron/services/platform/node-hmac';
import type { DeliverySummary } from '../../../../../shared/contract/live';
import { OVER_LIMIT_PREFIX_BYTES } from '../../../../../shared/settings';
import { eventBody, post, startLiveApp, waitForStatus, type LiveApp } from './live-helpers';

let app: LiveApp | null = null;
const sockets: Socket[] = [];
afterEach(async () => {
  for (const s of sockets.splice(0)) s.destroy();
  await app?.close();
  app = null;
});

const signed = (body: string | Uint8Array) => ({ 'X-Svc-Hmac-Sha256': signBody(nodeHmac, 'test-key', body) });
const sha256 = (bytes: Uint8Array | string) => createHash('sha256').update(bytes).digest('hex');

/** Resolves with the first stored delivery `predicate` accepts (live.received events). */
function nextReceived(target: LiveApp, predicate: (d: DeliverySummary) => boolean): Promise<DeliverySummary> {
  return new Promise((resolve) => {
    const off = target.core.ctx.runtime.bus.subscribe((event, payload) => {
      if (event !== 'live.received') return;
      const found = (payload as { deliveries: DeliverySummary[] }).deliveries.find(predicate);
      if (found) {
        off();
        resolve(found);
      }
    });
  });
}

/** A raw connection that sent a request's headers and `sent` of its `declared` body bytes. */
function partialRequest(url: string, declared: number, sent: number): Promise<{ socket: Socket; closed: Promise<string> }> {
  const { port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), '127.0.0.1', () => {
      socket.write(`POST /slow HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nX-Svc-Hmac-Sha256: c2ln\r\nContent-Length: ${declared}\r\n\r\n`);
      socket.write('x'.repeat(sent));
      resolve({ socket, closed });
    });
    sockets.push(socket);
    const closed = new Promise<string>((done) => {
      let text = '';
      socket.on('data', (d) => (text += d.toString()));
      socket.on('close', () => done(text));
    });
    socket.on('error', () => {});
    socket.once('error', reject);
  });
}

describe('listener against hostile and broken senders', () => {
  it('answers 413 to a body over the limit, keeps a 64 KiB prefix, the declared size and the hash of what was kept, and cannot verify it', async () => {
    app = await startLiveApp({ listener: { bodyLimitBytes: 100_000 } });
    const body = Buffer.alloc(300_000, 'y');
    const res = await post(`${app.listenerUrl}/big`, body, signed(body));
    expect(res.status).toBe(413);
    const { rows } = await app.call('live.list', {});
    expect(rows[0]).toMatchObject({ truncated: true, truncation: 'over-limit', bodySize: 300_000, answeredStatus: 413, signature: 'unverifiable' });
    expect(rows[0]!.diagnosis).toMatchObject({ kind: 'body-truncated' });
    expect(rows[0]!.diagnosis!.message).toMatch(/^Cannot verify: body over the limit/);
    const detail = await app.call('live.get', { id: rows[0]!.id });
    const kept = Buffer.from(detail.bodyBase64, 'base64');
    expect(kept.equals(body.subarray(0, OVER_LIMIT_PREFIX_BYTES))).toBe(true);
    expect(detail.bodySha256).toBe(sha256(kept));
    expect(detail.bodySha256).not.toBe(sha256(new Uint8Array(0)));
  });

  it('keeps the prefix of a chunked body over the limit (no Content-Length)', async () => {
    app = await startLiveApp({ listener: { bodyLimitBytes: 100_000 } });
    const { port } = new URL(app.listenerUrl);
    const socket = connect(Number(port), '127.0.0.1');
    sockets.push(socket);
    socket.on('error', () => {});
    const answer = new Promise<string>((resolve) => {
      let text = '';
      socket.on('data', (d) => {
        text += d.toString();
        if (text.includes('\r\n\r\n')) resolve(text);
      });
    });
    socket.write('POST / HTTP/1.1\r\nHost: x\r\nX-Svc-Hmac-Sha256: c2ln\r\nTransfer-Encoding: chunked\r\n\r\n');
    for (let i = 0; i < 30; i++) socket.write(`2710\r\n${'z'.repeat(10_000)}\r\n`);
    expect(await answer).toMatch(/^HTTP\/1\.1 413/);
    const [row] = (await app.call('live.list', {})).rows;
    expect(row).toMatchObject({ truncation: 'over-limit', signature: 'unverifiable' });
    expect(row!.bodySize).toBeGreaterThan(100_000);
    const detail = await app.call('live.get', { id: row!.id });
    expect(Buffer.from(detail.bodyBase64, 'base64').length).toBe(OVER_LIMIT_PREFIX_BYTES);
  });

  it('records a body the request timeout cut off mid-way as cut off (truncated); the sender gets 408', async () => {
    app = await startLiveApp({ listener: { requestTimeoutMs: 1_000 } });
    const stored = nextReceived(app, (d) => d.path === '/slow');
    const { closed } = await partialRequest(app.listenerUrl, 5_000, 1_200);
    expect(await closed).toMatch(/^HTTP\/1\.1 408/);
    const row = await stored;
    expect(row).toMatchObject({ truncated: true, truncation: 'cut-off', bodySize: 5_000, signature: 'unverifiable', answeredStatus: null });
    expect(row.diagnosis?.kind).toBe('body-cut-off');
    const detail = await app.call('live.get', { id: row.id });
    expect(Buffer.from(detail.bodyBase64, 'base64').toString()).toBe('x'.repeat(1_200));
  });

  it('records a delivery whose sender went away mid-body as cut off', async () => {
    app = await startLiveApp();
    const stored = nextReceived(app, (d) => d.path === '/gone');
    const { port } = new URL(app.listenerUrl);
    const socket = connect(Number(port), '127.0.0.1');
    sockets.push(socket);
    socket.on('error', () => {});
    // "100 Continue" says the listener has the headers: the request exists, then the sender vanishes.
    socket.write('POST /gone HTTP/1.1\r\nHost: x\r\nExpect: 100-continue\r\nContent-Length: 5000\r\n\r\n');
    await new Promise<void>((resolve) => socket.once('data', () => resolve()));
    socket.end('x'.repeat(300));
    const row = await stored;
    expect(row).toMatchObject({ truncation: 'cut-off', bodySize: 5_000, answeredStatus: null });
    expect(Buffer.from((await app.call('live.get', { id: row.id })).bodyBase64, 'base64').length).toBe(300);
  });

  it('closes a connection that goes silent (idle timeout), whatever the other timeouts', async () => {
    app = await startLiveApp({ listener: { idleTimeoutMs: 600, headersTimeoutMs: 120_000, requestTimeoutMs: 120_000 } });
    const { port } = new URL(app.listenerUrl);
    const socket = connect(Number(port), '127.0.0.1');
    sockets.push(socket);
    socket.write('POST / HTTP/1.1\r\nHost: x\r\nX-Partial: ');
    await new Promise<void>((resolve) => socket.once('close', () => resolve()));
  });

  it('caps open connections by closing the least recently active, so a real delivery still gets in', async () => {
    app = await startLiveApp({ listener: { maxConnections: 20 } });
    const slow = await Promise.all(Array.from({ length: 60 }, () => partialRequest(app!.listenerUrl, 10_000, 10)));
    const body = eventBody();
    const res = await post(`${app.listenerUrl}/`, body, signed(body));
    expect(res.status).toBe(200);
    // Everything beyond the cap was closed by the listener: 60 + 1 - 20 = 41. Which ones depends
    // on when each last sent bytes (body bytes count as activity), so only the count is fixed.
    let closed = 0;
    for (const s of slow) void s.closed.then(() => closed++);
    await expect.poll(() => closed, { timeout: 10_000 }).toBe(41);
  });
});

describe('listener port change', () => {
  let blocker: Server | null = null;
  afterEach(async () => {
    await new Promise<void>((resolve) => (blocker ? blocker.close(() => resolve()) : resolve()));
    blocker = null;
  });

  it('keeps the old listener when the new port is in use, reverts the setting and says why', async () => {
    app = await startLiveApp();
    const oldPort = app.core.ctx.runtime.status.get().listener.port!;
    blocker = createServer();
    const busyPort = await new Promise<number>((resolve) => blocker!.listen(0, '127.0.0.1', () => resolve((blocker!.address() as { port: number }).port)));
    await app.call('settings.update', { listener: { port: busyPort } });
    const status = await waitForStatus(app, (s) => s.listener.portError !== null);
    expect(status.listener.portError).toBe(`port ${busyPort} is already in use: still listening on ${oldPort}`);
    expect(status.listener).toMatchObject({ state: 'listening', port: oldPort });
    const body = eventBody();
    expect((await post(`http://127.0.0.1:${oldPort}/`, body, signed(body))).status).toBe(200);
    expect((await app.call('settings.get', {})).settings.listener.port).toBe(0);
  });

  it('a flood of idle connections never cuts off a request whose body is arriving', async () => {
    app = await startLiveApp({ listener: { maxConnections: 8 } });
    const port = Number(new URL(app.listenerUrl).port);
    const body = eventBody({ orderId: 'ord-slow' });
    // A real delivery: headers with Expect: 100-continue, so its "100 Continue" says the listener
    // has the request; then half of its body.
    const slow = connect(port, '127.0.0.1');
    // Each byte leaves at once (Nagle would hold it back behind the previous one's ACK).
    slow.setNoDelay(true);
    sockets.push(slow);
    let answer = '';
    slow.on('data', (d) => (answer += d.toString()));
    slow.on('error', () => {});
    const slowClosed = new Promise<void>((r) => slow.on('close', () => r()));
    slow.write(
      `POST /slow HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nExpect: 100-continue\r\n` +
        `X-Svc-Hmac-Sha256: ${signed(body)['X-Svc-Hmac-Sha256']}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n`,
    );
    await expect.poll(() => answer).toContain('100 Continue');
    // Three times the cap of connections that send nothing, opened two at a time while the
    // delivery's body keeps arriving, a byte before each pair. After each pair, a request on a
    // connection of its own is answered: the listener accepts connections in order, so by then
    // it has taken in the pair.
    const idle: Socket[] = [];
    const gone = (s: Socket) => s.destroyed || s.readableEnded;
    for (let i = 0; i < 12; i++) {
      slow.write(body.slice(i, i + 1));
      for (let k = 0; k < 2; k++) {
        const s = connect(port, '127.0.0.1');
        s.on('error', () => {});
        sockets.push(s);
        idle.push(s);
      }
      const probe = await post(`${app.listenerUrl}/`, '', {}).catch(() => null);
      expect(probe?.status, 'the listener stopped answering').toBeDefined();
    }
    // The cap held: the listener closed the excess idle connections...
    await expect.poll(() => idle.filter(gone).length, { timeout: 10_000 }).toBeGreaterThanOrEqual(24 - 8);
    // ...and never the delivery whose body was arriving: it is answered and stored whole.
    expect(gone(slow), 'the delivery whose body was arriving was cut off').toBe(false);
    const stored = nextReceived(app, (d) => d.path === '/slow');
    slow.write(body.slice(12));
    await expect.poll(() => answer).toMatch(/HTTP\/1\.1 200/);
    expect(await stored).toMatchObject({ signature: 'valid', truncated: false, orderId: 'ord-slow' });
    slow.destroy();
    await slowClosed;
  });
});
