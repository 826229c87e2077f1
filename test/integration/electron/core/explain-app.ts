import { createHmac } from 'node:crypto';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startTestApp, type TestApp } from '../../../support/app-harness';
import { productFeatures } from '../../../../electron/core/product-features';
import { createSandboxFeature } from '../../../../electron/features/sandbox/feature';

/**
 * The whole product on free ports, the sandbox delivering to the listener (its automatic retries
 * quick, so a delivery to a dead URL is over at once), tracing on.
 */
export async function startExplainApp(): Promise<TestApp> {
  return startTestApp({
    settings: { listener: { port: 0 }, tracing: { port: 0 } },
    rendererDir: '/nonexistent-renderer',
    features: (ctx) =>
      productFeatures(ctx).map((f) =>
        f.name === 'sandbox' ? createSandboxFeature(ctx, { retryDelayMs: 1 }) : f,
      ),
  });
}

/** A custom event for sandbox.sendEvent. */
export const sandboxEvent = (orderId: string, type = 'Created') => ({
  orderId,
  orderReference: null,
  orderType: 'FULL',
  description: 'explain test',
  level: 'Info' as const,
  type,
  metadata: null,
});

/** The listener's base URL. */
export const listenerUrl = (app: TestApp) => app.core.ctx.runtime.status.get().listener.url!;

/** Posts `body` to the listener signed with `key` (as another sender would), with an event id. */
export async function postSigned(
  app: TestApp,
  body: string,
  key: string,
  eventId: number,
): Promise<number> {
  const signature = createHmac('sha256', key).update(body).digest('base64');
  return send(`${listenerUrl(app)}/hooks`, Buffer.from(body), {
    'Content-Type': 'application/json',
    'X-Svc-Hmac-Sha256': signature,
    'X-Svc-Event-Id': String(eventId),
  });
}

function send(url: string, body: Buffer, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      { method: 'POST', headers: { ...headers, 'Content-Length': String(body.length) } },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/**
 * A relay between the service and the listener that parses each JSON body and writes it again
 * (indented), keeping every header: what a framework's body parser in front of Hooklab does.
 */
export async function startReserialisingRelay(
  target: string,
): Promise<{ url: string; close(): Promise<void> }> {
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.from(
        JSON.stringify(JSON.parse(Buffer.concat(chunks).toString('utf8')), null, 2),
      );
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(req.headers))
        if (typeof value === 'string' && !['host', 'content-length', 'connection'].includes(name))
          headers[name] = value;
      send(`${target}${req.url ?? '/'}`, body, headers).then(
        (status) => res.writeHead(status).end(),
        () => res.writeHead(502).end(),
      );
    });
  });
  const url = await listen(server);
  return { url, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** A handler that acknowledges every webhook and reports a fixed state for each order it saw: PENDING, whatever came. */
export async function startStaleStateHandler(): Promise<{
  url: string;
  stateUrl: string;
  close(): Promise<void>;
}> {
  const orders: Record<string, { status: string }> = {};
  const server = createServer((req, res) => {
    if (req.method === 'GET')
      return void res
        .writeHead(200, { 'Content-Type': 'application/json' })
        .end(JSON.stringify({ orders }));
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const event = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { orderId: string };
      orders[event.orderId] = { status: 'PENDING' };
      res.writeHead(200).end();
    });
  });
  const url = await listen(server);
  return {
    url: `${url}/webhooks`,
    stateUrl: `${url}/state`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A loopback port with nothing listening on it (a server started and closed). */
export async function deadUrl(): Promise<string> {
  const server = createServer();
  const url = await listen(server);
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `${url}/webhooks`;
}
