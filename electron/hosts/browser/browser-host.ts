import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { calls, events, isCallName } from '../../../shared/contract';
import type { Core } from '../../core/core';
import { tokenOpenUrl } from '../../../shared/security/host-token';
import { bearerToken, guardRefusal, loopbackAuthorities, tokenMatches, type LoopbackAuthorities } from '../../services/net/request-guard';
import { eventSockets } from './event-sockets';
import { requestUrl, type AccessTokenSource } from './host-token';
import { readStaticFile } from './static-files';
import { readJsonBody } from './json-body';
import { rendererCspFor } from '../security/csp';

export interface BrowserHostOptions {
  readonly core: Core;
  /** Folder of the built renderer (index.html and assets). */
  readonly rendererDir: string;
  readonly port?: number;
  /**
   * The access token: the data folder's (kept across restarts, rotatable), a fixed string
   * (tests), or a random one for this run when absent.
   */
  readonly token?: string | AccessTokenSource;
}


export interface BrowserHost {
  readonly url: string;
  /** The URL to open: the token rides in its fragment, which the page moves to sessionStorage. */
  readonly openUrl: string;
  /** The token in force now (it changes when the data folder's token is rotated). */
  readonly token: string;
  readonly port: number;
  close(): Promise<void>;
}

/** Contract arguments are small, except the bodies Replay edits (below). */
const MAX_CALL_BODY = 1024 * 1024;

/**
 * Calls declared `largeBody` in the contract (Replay's, carrying the body being edited, signed,
 * sent, saved or exported) get room for its body cap (20 MB by default) and a fixture file
 * (64 MB), JSON-escaped. Only these get the room.
 */
const MAX_BODY_CARRYING_CALL = 96 * 1024 * 1024;

/** How large a request to call `name` may be: an unknown name gets the small cap (it is refused anyway). */
const maxCallBody = (name: string): number =>
  isCallName(name) && calls[name].largeBody ? MAX_BODY_CARRYING_CALL : MAX_CALL_BODY;

/**
 * Serves the UI and the contract to a browser on 127.0.0.1 only. Every request must carry our
 * own Host (and Origin, when a browser sends one), so a DNS-rebinding site cannot drive
 * Hooklab; every call and the event socket must carry the access token (the data folder's, kept across
 * restarts, see services/instance/host-token-file.ts). The token is never a
 * cookie (cookies are shared by every port of 127.0.0.1): the page is opened with it in the URL
 * fragment and presents it as `Authorization: Bearer` and as a WebSocket subprotocol (see
 * shared/security/host-token.ts). The UI's own files are served without it (a browser cannot
 * attach a header to a page or script load); they hold no data and no secret.
 */
export async function startBrowserHost(options: BrowserHostOptions): Promise<BrowserHost> {
  const source: AccessTokenSource =
    typeof options.token === 'object' ? options.token : fixedToken(options.token ?? randomBytes(24).toString('base64url'));
  const token = () => source.current();
  const { core } = options;
  let allowed: LoopbackAuthorities = { hosts: new Set(), origins: new Set() };

  const server: Server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      core.ctx.runtime.log.error('browser host request failed', { message: (error as Error).message });
      if (!res.headersSent) sendJson(res, 500, { ok: false, error: { code: 'internal', message: 'internal error' } });
      else res.destroy();
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Referrer-Policy', 'no-referrer');
    const refusal = guardRefusal(req, allowed);
    if (refusal) return sendText(res, refusal.status, refusal.message);
    const url = requestUrl(req);
    if (!url) return sendText(res, 400, 'Bad request: malformed request target');
    if (url.pathname.startsWith('/api/')) {
      if (!tokenMatches(token(), bearerToken(req))) {
        return sendJson(res, 401, { ok: false, error: { code: 'forbidden', message: 'Unauthorized: send the access token as Authorization: Bearer' } });
      }
      return answerApi(core, req, res, url);
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') return sendText(res, 405, 'Method not allowed');
    if (url.searchParams.has('token')) {
      // `?token=` only opens the index page, for links that cannot carry a fragment: the token
      // moves to the fragment (never sent to a server again) and out of the query and history.
      if (url.pathname !== '/' || !tokenMatches(token(), url.searchParams.get('token'))) {
        return sendText(res, 401, 'Unauthorized: open the URL Hooklab printed (it carries the token)');
      }
      res.writeHead(303, { Location: tokenOpenUrl('', token()), 'Cache-Control': 'no-store' });
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

  const sockets = eventSockets(core, source, () => allowed);
  server.on('upgrade', sockets.upgrade);

  server.headersTimeout = 10_000;
  server.requestTimeout = 60_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  allowed = loopbackAuthorities(port);
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    get openUrl() {
      return tokenOpenUrl(url, token());
    },
    get token() {
      return token();
    },
    port,
    close: () =>
      new Promise<void>((resolve) => {
        sockets.close();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** `/api/…` once the token matched: GET /api/contract lists the contract; POST /api/calls/<name> answers one call. */
async function answerApi(core: Core, req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
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
  const body = await readJsonBody(req, maxCallBody(match[1]!));
  if (!body.ok) {
    const refusal = { ok: false, error: { code: 'invalid-args', message: body.message } };
    return body.status === 413 ? answerOversized(req, res, refusal) : sendJson(res, body.status, refusal);
  }
  const envelope = await core.invoke(match[1]!, body.value);
  // The app's own page asks for call errors in the envelope only: Chromium logs every 4xx
  // answer in the console ("a 404 for a missing order"), though the page handles it. Scripts
  // keep the HTTP status.
  const inEnvelope = req.headers[ERRORS_HEADER] === 'in-envelope';
  const status = envelope.ok || inEnvelope ? 200 : httpStatusFor(envelope.error.code);
  sendJson(res, status, envelope);
}

function fixedToken(value: string): AccessTokenSource {
  return { current: () => value, onRotate: () => () => {} };
}

/** While refusing an oversized body, how long the client may go without sending a byte, and how long in all. */
const OVERSIZED_IDLE_MS = 2_000;
const OVERSIZED_LINGER_MS = 30_000;

/**
 * Refuses an oversized body with a 413 and its JSON error, sent whole at once (the body is never
 * buffered). The connection then closes only once the client has sent the rest, which is read
 * and discarded: closing with unread bytes makes the kernel reset the connection, and a client
 * that sends its whole body before reading the answer (Python's http.client and requests,
 * many scripts) would get "broken pipe" instead of the 413. A client that stops sending for
 * 2 s, or still sends after 30 s, is cut off.
 */
function answerOversized(req: IncomingMessage, res: ServerResponse, value: unknown): void {
  const body = JSON.stringify(value);
  res.writeHead(413, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body), Connection: 'close' });
  res.write(body);
  const cutOff = () => req.socket.destroy();
  const idle = setTimeout(cutOff, OVERSIZED_IDLE_MS);
  const linger = setTimeout(cutOff, OVERSIZED_LINGER_MS);
  const done = () => {
    clearTimeout(idle);
    clearTimeout(linger);
    // Ending the answer lets Node close the connection: nothing is left unread to reset it.
    if (!res.writableEnded) res.end();
  };
  req.on('data', () => idle.refresh());
  req.once('end', done);
  req.socket.once('close', done);
  req.resume();
}

/** Sent by the app's page (renderer/src/transport/browser-transport.ts): answer call errors with 200 and the error envelope. */
export const ERRORS_HEADER = 'x-hooklab-errors';

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
