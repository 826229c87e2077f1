import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import type { WebhookDelivery } from '../../../../../shared/service';

/** A service on loopback that answers tokens honestly and delivery lists however a test says. */
export interface LyingService {
  readonly baseUrl: string;
  readonly apiV3Url: string;
  /** List requests seen (path and query). */
  readonly listRequests: string[];
  close(): Promise<void>;
}

export function delivery(id: number): WebhookDelivery {
  return {
    id,
    eventId: id,
    eventType: 'ORDER_CREATED',
    eventCreated: '2026-11-24T10:00:00.000Z',
    url: 'https://example.test/hooks',
    payload: JSON.stringify({ orderId: `o-${id}` }),
    responseStatusCode: 200,
    delivered: true,
    created: '2026-11-24T10:00:00.000Z',
  };
}

export async function startLyingService(answerList: (query: URLSearchParams, res: ServerResponse) => void): Promise<LyingService> {
  const listRequests: string[] = [];
  const sockets = new Set<Socket>();
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      if (req.method === 'POST' && url.pathname === '/token') {
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ accessToken: 't', tokenType: 'Bearer', expiresIn: 3600 }));
        return;
      }
      if (url.pathname === '/api/v3/WebhookEvents') {
        listRequests.push(`${url.pathname}${url.search}`);
        answerList(url.searchParams, res);
        return;
      }
      res.writeHead(404).end();
    });
  });
  server.on('connection', (s: Socket) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    baseUrl,
    apiV3Url: `${baseUrl}/api/v3`,
    listRequests,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
