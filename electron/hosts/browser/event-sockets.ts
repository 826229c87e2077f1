import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import type { Core } from '../../core/core';
import { EVENTS_SUBPROTOCOL, TOKEN_ROTATED_CLOSE_CODE } from '../../../shared/security/host-token';
import { guardRefusal, type LoopbackAuthorities } from '../../services/net/request-guard';
import { requestUrl, upgradeAuthorized, type AccessTokenSource } from './host-token';

/** The browser host's live events: the WebSocket at /api/events, and how it ends. */
export interface EventSockets {
  /** The HTTP server's `upgrade`: a socket opens only at /api/events, from a loopback page, with the token. */
  upgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void;
  /** Every socket cut, no new one taken. */
  close(): void;
}

/**
 * The core's events to each socket that opened with the access token. Sockets opened with the
 * old token end at once when it rotates, with a code the page reads as "no access".
 */
export function eventSockets(core: Core, source: AccessTokenSource, allowed: () => LoopbackAuthorities): EventSockets {
  const wss = new WebSocketServer({
    noServer: true,
    maxPayload: 64 * 1024,
    // Select our protocol, never echo the token that rides beside it.
    handleProtocols: (offered) => (offered.has(EVENTS_SUBPROTOCOL) ? EVENTS_SUBPROTOCOL : false),
  });
  const stopWatchingToken = source.onRotate(() => {
    for (const client of wss.clients) client.close(TOKEN_ROTATED_CLOSE_CODE, 'access token rotated');
  });
  return {
    upgrade(req, socket, head) {
      const url = requestUrl(req);
      const ok = url?.pathname === '/api/events' && guardRefusal(req, allowed()) === null && upgradeAuthorized(source.current(), req);
      if (!ok) {
        socket.end('HTTP/1.1 401 Unauthorized\r\nConnection: close\r\n\r\n');
        return;
      }
      wss.handleUpgrade(req, socket, head, (ws) => attach(core, ws));
    },
    close() {
      stopWatchingToken();
      for (const client of wss.clients) client.terminate();
      wss.close();
    },
  };
}

/**
 * Each socket is a client's session: its first frame names it, and what the client lent the
 * core for it (an MCP server's key) ends when the socket closes, however the client ended.
 */
function attach(core: Core, ws: WebSocket): void {
  const session = core.ctx.runtime.sessions.start();
  ws.send(JSON.stringify({ session }));
  const unsubscribe = core.ctx.runtime.bus.subscribe((event, payload) => {
    if (ws.readyState === ws.OPEN) ws.send(JSON.stringify({ event, payload }));
  });
  const end = () => {
    unsubscribe();
    core.ctx.runtime.sessions.end(session);
  };
  ws.once('close', end);
  ws.once('error', end);
  // Clients only listen; anything they send is ignored.
  ws.on('message', () => {});
}
