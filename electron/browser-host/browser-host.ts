import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { WebSocketServer, type WebSocket } from 'ws';
import { calls, events } from '../../shared/contract';
import type { Core } from '../core/core';
import {
  TOKEN_COOKIE,
  hostAllowed,
  originAllowed,
  presentedToken,
  tokenMatches,
} from './request-guard';
import { readStaticFile } from './static-files';
import { readJsonBody } from './json-body';
import { rendererCspFor } from '../security/csp';

export interface BrowserHostOptions {
  readonly core: Core;
  /** Folder of the built renderer (index.html and assets). */
  readonly rendererDir: string;
  readonly port?: number;
  /** Fixed token (tests); a random one per run otherwise. */
  readonly token?: string;
}

export interface BrowserHost {
  readonly url: string;
  /** The URL to open: carries the token once, then the cookie does. */
  readonly openUrl: string;
  readonly token: string;
  readonly port: number;
  close(): Promise<void>;
}

const MAX_CALL_BODY = 20 * 1024 * 1024;

/**
 * Serves the UI and the contract to a browser on 127.0.0.1 only. Every request must carry the
 * per-run token and our own Host (and Origin, when a browser sends one), so neither another
 * local user's page nor a DNS-rebinding site can drive Hooklab.
 */
export async function startBrowserHost(options: BrowserHostOptions): Promise<BrowserHost> {
  const token = options.token ?? randomBytes(24).toString('base64url');
  const { core } = options;
  let allowedHosts = new Set<string>();
  let allowedOrigins = new Set<string>();

  const server: Server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      core.ctx.log.error('browser host request failed', { message: (error as Error).message });
      if (!res.headersSent) sendJson(res, 500, { ok: false, error: { code: 'internal', message: 'internal error' } });
      else res.destroy();
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Referrer-Policy', 'no-referrer');
    if (!hostAllowed(req, allowedHosts)) return sendText(res, 421, 'Misdirected request: unknown Host');
    if (!originAllowed(req, allowedOrigins)) return sendText(res, 403, 'Forbidden: foreign Origin');
    const url = new URL(req.url ?? '/', 'http://localhost');
    const presented = presentedToken(req, url);
    if (!tokenMatches(token, presented)) {
      return sendText(res, 401, 'Unauthorized: open the URL Hooklab printed (it carries the token)');
    }
    if (url.pathname.startsWith('/api/')) return handleApi(req, res, url);
    if (req.method !== 'GET' && req.method !== 'HEAD') return sendText(res, 405, 'Method not allowed');
    if (url.searchParams.has('token')) {
      // Trade the token in the URL for a cookie and drop it from the address bar and history.
      res.setHeader('Set-Cookie', `${TOKEN_COOKIE}=${token}; HttpOnly; SameSite=Strict; Path=/`);
      res.writeHead(303, { Location: '/' + (url.hash ?? '') });
      res.end();
      return;
    }
    const file = await readStaticFile(options.rendererDir, url.pathname);
    if (!file) return sendText(res, 404, 'Not found');
    const headers: Record<string, string> = { 'Content-Type': file.contentType };
    if (file.contentType.startsWith('text/html')) {
      headers['Content-Security-Policy'] = await rendererCspFor(core);
      headers['Cache-Control'] = 'no-store';
    }
    res.writeHead(200, headers);
    res.end(req.method === 'HEAD' ? undefined : file.body);
  }

  async function handleApi(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    res.setHeader('Cache-Control', 'no-store');
    if (url.pathname === '/api/contract' && req.method === 'GET') {
      return sendJson(res, 200, {
        calls: Object.entries(calls).map(([name, spec]) => ({ name, doc: spec.doc })),
        events: Object.entries(events).map(([name, spec]) => ({ name, doc: spec.doc })),
      });
    }
    const match = /^\/api\/calls\/([a-zA-Z0-9_.-]+)$/.exec(url.pathname);
    if (!match) return sendJson(res, 404, { ok: false, error: { code: 'unknown-call', message: `no API at ${url.pathname}` } });
    if (req.method !== 'POST') return sendJson(res, 405, { ok: false, error: { code: 'invalid-args', message: 'calls are POST' } });
    const body = await readJsonBody(req, MAX_CALL_BODY);
    if (!body.ok) return sendJson(res, body.status, { ok: false, error: { code: 'invalid-args', message: body.message } });
    const envelope = await core.invoke(match[1]!, body.value);
    const status = envelope.ok ? 200 : httpStatusFor(envelope.error.code);
    sendJson(res, status, envelope);
  }

  const wss = new WebSocketServer({ noServer: true, maxPayload: 64 * 1024 });
  server.on('upgrade', (req, socket, head) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const ok =
      url.pathname === '/api/events' &&
      hostAllowed(req, allowedHosts) &&
      originAllowed(req, allowedOrigins) &&
      tokenMatches(token, presentedToken(req, url));
    if (!ok) {
      socket.end('HTTP/1.1 401 Unauthorized\r\nConnection: close\r\n\r\n');
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => attach(ws));
  });

  function attach(ws: WebSocket): void {
    const unsubscribe = core.ctx.bus.subscribe((event, payload) => {
      if (ws.readyState === ws.OPEN) ws.send(JSON.stringify({ event, payload }));
    });
    ws.on('close', unsubscribe);
    ws.on('error', unsubscribe);
    // Clients only listen; anything they send is ignored.
    ws.on('message', () => {});
  }

  server.headersTimeout = 10_000;
  server.requestTimeout = 60_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  allowedHosts = new Set([`127.0.0.1:${port}`, `localhost:${port}`]);
  allowedOrigins = new Set([`http://127.0.0.1:${port}`, `http://localhost:${port}`]);
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    openUrl: `${url}/?token=${token}`,
    token,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        for (const client of wss.clients) client.terminate();
        wss.close();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function httpStatusFor(code: string): number {
  switch (code) {
    case 'invalid-args':
      return 400;
    case 'unknown-call':
    case 'not-found':
      return 404;
    case 'forbidden':
      return 403;
    case 'conflict':
      return 409;
    case 'unavailable':
      return 503;
    case 'upstream':
      return 502;
    default:
      return 500;
  }
}

function sendJson(res: ServerResponse, status: number, value: unknown): void {
  const body = JSON.stringify(value);
  res.writeHead(status, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) });
  res.end(body);
}

function sendText(res: ServerResponse, status: number, text: string): void {
  res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8' });
  res.end(text + '\n');
}
