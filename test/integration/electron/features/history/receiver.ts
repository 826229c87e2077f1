import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Receiver {
  readonly url: string;
  /** Bodies received, in order. */
  readonly bodies: string[];
  /** Resolves once `count` bodies have arrived in total. */
  received(count: number): Promise<void>;
  /** Status to answer from now on. */
  answer(status: number): void;
  /** Holds every response until `release()` (to keep deliveries in flight). */
  hold(): void;
  release(): void;
  close(): Promise<void>;
}

/** A webhook receiver on loopback that answers a chosen status, or holds responses. */
export async function startReceiver(status = 200): Promise<Receiver> {
  let answer = status;
  let holding = false;
  const held: ServerResponse[] = [];
  const bodies: string[] = [];
  const waiters: Array<{ count: number; resolve: () => void }> = [];
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      bodies.push(Buffer.concat(chunks).toString('utf8'));
      for (const w of waiters.filter((w) => bodies.length >= w.count)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve();
      }
      if (holding) held.push(res);
      else res.writeHead(answer).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    bodies,
    received: (count) =>
      bodies.length >= count ? Promise.resolve() : new Promise<void>((resolve) => waiters.push({ count, resolve })),
    answer: (s) => void (answer = s),
    hold: () => void (holding = true),
    release: () => {
      holding = false;
      for (const res of held.splice(0)) res.writeHead(answer).end();
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
