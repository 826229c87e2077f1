import { afterEach, describe, expect, it } from 'vitest';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocketServer, type WebSocket } from 'ws';
import { createBrowserTransport, type BrowserTransport } from '../../../../../renderer/src/transport/browser-transport';
import { TransportError } from '../../../../../renderer/src/transport/transport';
import type { AppStatus } from '../../../../../shared/contract';

/** A tiny stand-in for the browser host: the same wire format, answers chosen per test. */
interface FakeHost {
  readonly url: string;
  readonly requests: { path: string; auth: string | undefined; body: unknown }[];
  readonly sockets: Set<WebSocket>;
  readonly connections: { url: string; protocols: string | undefined }[];
  answer: (path: string, body: unknown) => { status: number; json: unknown };
  push(event: string, payload: unknown): void;
  nextConnection(): Promise<WebSocket>;
  close(): Promise<void>;
}

async function startFakeHost(): Promise<FakeHost> {
  const requests: FakeHost['requests'] = [];
  const sockets = new Set<WebSocket>();
  const connections: FakeHost['connections'] = [];
  const waiters: ((ws: WebSocket) => void)[] = [];
  const readBody = async (req: IncomingMessage) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    return JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown;
  };
  const host: Partial<FakeHost> & { answer: FakeHost['answer'] } = {
    answer: () => ({ status: 200, json: { ok: true, value: null } }),
  };
  const server: Server = createServer((req, res) => {
    void readBody(req).then((body) => {
      const path = req.url ?? '';
      requests.push({ path, auth: req.headers.authorization, body });
      const { status, json } = host.answer(path, body);
      res.writeHead(status, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify(json));
    });
  });
  const wss = new WebSocketServer({ server, path: '/api/events', handleProtocols: (offered) => (offered.has('hooklab.events') ? 'hooklab.events' : false) });
  wss.on('connection', (ws, req) => {
    sockets.add(ws);
    connections.push({ url: req.url ?? '', protocols: req.headers['sec-websocket-protocol'] });
    ws.on('close', () => sockets.delete(ws));
    waiters.shift()?.(ws);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(host, {
    url: `http://127.0.0.1:${port}`,
    requests,
    sockets,
    connections,
    push(event: string, payload: unknown) {
      for (const ws of sockets) ws.send(JSON.stringify({ event, payload }));
    },
    nextConnection: () => new Promise<WebSocket>((resolve) => waiters.push(resolve)),
    close: async () => {
      for (const ws of sockets) ws.terminate();
      wss.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  }) as FakeHost;
}

const status = (state: AppStatus['listener']['state']) => ({ listener: { state } });

describe('browser transport', () => {
  let host: FakeHost;
  let transport: BrowserTransport;
  afterEach(async () => {
    transport?.close();
    await host?.close();
  });

  it('POSTs the args to /api/calls/<name> with the token and unwraps the value', async () => {
    host = await startFakeHost();
    host.answer = () => ({ status: 200, json: { ok: true, value: { ok: true } } });
    transport = createBrowserTransport({ baseUrl: host.url, token: 'T0k' });
    const result = await transport.call('secrets.delete', { name: 'webhookKey:a' });
    expect(result).toEqual({ ok: true });
    expect(host.requests).toEqual([
      { path: '/api/calls/secrets.delete', auth: 'Bearer T0k', body: { name: 'webhookKey:a' } },
    ]);
  });

  it('rejects with the contract error code, whatever the HTTP status', async () => {
    host = await startFakeHost();
    host.answer = () => ({ status: 404, json: { ok: false, error: { code: 'not-found', message: 'no such key' } } });
    transport = createBrowserTransport({ baseUrl: host.url });
    const failure = await transport.call('app.status', {}).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(TransportError);
    expect(failure).toMatchObject({ code: 'not-found', message: 'no such key' });
  });

  it('reports an unreachable host as a network error', async () => {
    host = await startFakeHost();
    const url = host.url;
    await host.close();
    transport = createBrowserTransport({ baseUrl: url });
    await expect(transport.call('app.status', {})).rejects.toMatchObject({ code: 'network' });
    host = await startFakeHost(); // so afterEach has something to close
  });

  it('multiplexes every subscriber over one socket and stops delivering after unsubscribe', async () => {
    host = await startFakeHost();
    transport = createBrowserTransport({ baseUrl: host.url, token: 'T0k' });
    const a: unknown[] = [];
    const b: unknown[] = [];
    const unsubA = transport.subscribe('app.status', (p) => a.push(p));
    transport.subscribe('app.status', (p) => b.push(p));
    await transport.connected();
    expect(host.connections).toHaveLength(1);
    // The token rides as a subprotocol, never in the URL.
    expect(host.connections[0]).toEqual({ url: '/api/events', protocols: 'hooklab.events, hooklab.token.T0k' });

    const second = new Promise<void>((resolve) =>
      transport.subscribe('settings.changed', () => resolve()),
    );
    host.push('app.status', status('listening'));
    host.push('settings.changed', {});
    await second;
    expect(a).toEqual([status('listening')]);
    expect(b).toEqual([status('listening')]);

    unsubA();
    const third = new Promise<void>((resolve) => transport.subscribe('settings.changed', () => resolve()));
    host.push('app.status', status('stopped'));
    host.push('settings.changed', {});
    await third;
    expect(a).toEqual([status('listening')]);
    expect(b).toEqual([status('listening'), status('stopped')]);
  });

  it('reconnects after the socket drops and tells onReconnect listeners', async () => {
    host = await startFakeHost();
    transport = createBrowserTransport({ baseUrl: host.url, token: 'T0k', reconnectDelayMs: 10 });
    const got: unknown[] = [];
    transport.subscribe('app.status', (p) => got.push(p));
    await transport.connected();
    const reconnected = new Promise<void>((resolve) => transport.onReconnect(resolve));
    const next = host.nextConnection();
    for (const ws of host.sockets) ws.terminate();
    await next;
    await reconnected;
    const delivered = new Promise<void>((resolve) => transport.subscribe('app.status', () => resolve()));
    host.push('app.status', status('error'));
    await delivered;
    expect(got).toEqual([status('error')]);
    expect(host.connections).toHaveLength(2);
  });
  it('stops reconnecting and tells onDenied listeners when the host closes the socket for a rotated token', async () => {
    host = await startFakeHost();
    transport = createBrowserTransport({ baseUrl: host.url, token: 'T0k', reconnectDelayMs: 10 });
    transport.subscribe('app.status', () => {});
    await transport.connected();
    const denied = new Promise<string>((resolve) => transport.onDenied(resolve));
    for (const ws of host.sockets) ws.close(4401, 'access token rotated');
    expect(await denied).toContain('this tab’s access token is not valid');
    // A listener that comes later hears of it at once.
    expect(await new Promise<string>((resolve) => transport.onDenied(resolve))).toContain('not valid');
    // The next call goes out and comes back refused as well; the socket was never reopened.
    host.answer = () => ({ status: 401, json: { ok: false, error: { code: 'forbidden', message: 'Unauthorized' } } });
    await expect(transport.call('app.status', {})).rejects.toThrow('not valid');
    expect(host.connections).toHaveLength(1);
  });
});
