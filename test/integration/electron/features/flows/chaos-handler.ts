import { createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What the fixture handler saw of one webhook. */
export interface HandledWebhook {
  readonly eventId: string | null;
  readonly type: string;
  readonly signatureValid: boolean;
}

/**
 * A naive webhook handler on loopback, as an integrator might write it: it verifies the
 * signature, then applies each event as it arrives (last arrival wins, duplicates applied
 * again), and serves its view of the order at GET /state.
 */
export interface ChaosHandler {
  readonly url: string;
  readonly received: HandledWebhook[];
  state(): { status: string | null; shipping: string | null };
  reset(): void;
  close(): Promise<void>;
}

const STATUS_OF: Record<string, string> = {
  Created: 'PENDING',
  SuccessPayment: 'PAID',
  Cancelled: 'CANCELLED',
  Finalized: 'FINALIZED',
  Deleted: 'DELETED',
};

export async function startChaosHandler(webhookKey: string): Promise<ChaosHandler> {
  const received: HandledWebhook[] = [];
  let state = { status: null as string | null, shipping: null as string | null };
  const server: Server = createServer((req, res) => {
    if (req.method === 'GET' && req.url === '/state') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(state));
      return;
    }
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks);
      const expected = createHmac('sha256', webhookKey).update(raw).digest('base64');
      const event = JSON.parse(raw.toString('utf8')) as { type: string; metadata?: { NewStatus?: string } };
      received.push({
        eventId: (req.headers['x-svc-event-id'] as string | undefined) ?? null,
        type: event.type,
        signatureValid: req.headers['x-svc-hmac-sha256'] === expected,
      });
      if (STATUS_OF[event.type]) state = { ...state, status: STATUS_OF[event.type]! };
      if (event.type === 'Updated' && event.metadata?.NewStatus) state = { ...state, shipping: event.metadata.NewStatus };
      res.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    state: () => state,
    reset() {
      received.length = 0;
      state = { status: null, shipping: null };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
