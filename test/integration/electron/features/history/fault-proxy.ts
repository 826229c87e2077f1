import { createServer, request, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/** What the proxy does to a request instead of (or on top of) forwarding it. */
export type Fault =
  | 'status-500'
  | 'status-503'
  | 'hang'
  | 'answer-lost'
  | 'malformed-json'
  | 'wrong-shape'
  | 'reset'
  | 'status-401';

interface QueuedFault {
  readonly fault: Fault;
  readonly match: RegExp;
  remaining: number;
}

export interface FaultProxy {
  readonly url: string;
  /** Every request seen, as `METHOD path?query`, in order. */
  readonly requests: string[];
  /** The next `times` requests whose `METHOD path` matches get `fault`. */
  inject(fault: Fault, times: number, match?: RegExp): void;
  /** Called before each request is handled; used to act at an exact point (e.g. the 3rd page). */
  onRequest(hook: ((line: string, index: number) => void) | null): void;
  close(): Promise<void>;
}

/**
 * A real HTTP proxy on loopback in front of the sandbox that can fail on cue: 5xx, a hang
 * (the client's deadline must fire), an answer lost after the sandbox did the work (a slow
 * answer past the client's deadline), a body that is not JSON, JSON of the wrong shape, a reset
 * connection, or a 401 as if the token had been revoked.
 */
export async function startFaultProxy(target: string): Promise<FaultProxy> {
  const upstream = new URL(target);
  const queue: QueuedFault[] = [];
  const requests: string[] = [];
  const sockets = new Set<Socket>();
  let hook: ((line: string, index: number) => void) | null = null;

  const forward = (req: IncomingMessage, res: ServerResponse | null, body: Buffer, rewrite?: (text: string) => string) => {
    const out = request(
      { host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers: { ...req.headers, host: upstream.host } },
      (up) => {
        const chunks: Buffer[] = [];
        up.on('data', (c: Buffer) => chunks.push(c));
        up.on('end', () => {
          if (!res) return; // answer-lost: the upstream did the work, the client never hears of it
          let text = Buffer.concat(chunks);
          if (rewrite && up.statusCode === 200) text = Buffer.from(rewrite(text.toString('utf8')));
          const headers = { ...up.headers, 'content-length': String(text.length) };
          res.writeHead(up.statusCode ?? 502, headers).end(text);
        });
      },
    );
    out.on('error', () => res?.destroy());
    out.end(body);
  };

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const line = `${req.method} ${req.url}`;
      requests.push(line);
      hook?.(line, requests.length);
      const queued = queue.find((q) => q.remaining > 0 && q.match.test(`${req.method} ${req.url?.split('?')[0]}`));
      if (queued) queued.remaining--;
      const body = Buffer.concat(chunks);
      switch (queued?.fault) {
        case undefined:
          return forward(req, res, body);
        case 'status-500':
        case 'status-503':
        case 'status-401': {
          const status = Number(queued.fault.slice(7));
          return res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify({ status, title: 'injected fault' }));
        }
        case 'hang':
          return; // never answered: the socket is destroyed at close
        case 'answer-lost':
          return forward(req, null, body); // forwarded and done upstream, never answered here
        case 'reset':
          return req.socket.destroy();
        case 'malformed-json':
          return forward(req, res, body, (text) => text.slice(0, Math.max(1, Math.floor(text.length / 2))));
        case 'wrong-shape':
          return forward(req, res, body, (text) => JSON.stringify({ items: JSON.parse(text) as unknown, count: 'many' }));
      }
    });
  });
  server.on('connection', (s: Socket) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    inject(fault, times, match = /.*/) {
      queue.push({ fault, match, remaining: times });
    },
    onRequest(h) {
      hook = h;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
