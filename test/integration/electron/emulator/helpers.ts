import { afterEach } from 'vitest';
import { createHmac } from 'node:crypto';
import http, { type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startSandbox, type RunningSandbox, type SandboxOptions, type StoreCredentials } from '../../../../electron/emulator';

/** One webhook request as the receiver saw it. */
export interface Received {
  headers: IncomingHttpHeaders;
  body: string;
  path: string;
}

/**
 * A real webhook receiver on 127.0.0.1:0. `respond` picks the status per request (default
 * 200); returning null holds the response until release() is called.
 */
export interface Receiver {
  url: string;
  received: Received[];
  /** Resolves when at least n requests have arrived in total. */
  waitFor(n: number): Promise<Received[]>;
  respond: (r: Received, index: number) => number | null;
  /** Answers every held request with the given status. */
  release(status?: number): void;
  close(): Promise<void>;
}

export async function startReceiver(respond?: Receiver['respond']): Promise<Receiver> {
  const received: Received[] = [];
  const waiters: { n: number; resolve: (r: Received[]) => void }[] = [];
  const held: http.ServerResponse[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const r: Received = { headers: req.headers, body: Buffer.concat(chunks).toString('utf8'), path: req.url ?? '/' };
      received.push(r);
      const status = receiver.respond(r, received.length - 1);
      if (status === null) held.push(res);
      else res.writeHead(status).end();
      for (const w of [...waiters]) if (received.length >= w.n) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(received.slice());
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const receiver: Receiver = {
    url: `http://127.0.0.1:${port}/hook`,
    received,
    respond: respond ?? (() => 200),
    waitFor: (n) =>
      received.length >= n ? Promise.resolve(received.slice()) : new Promise((resolve) => waiters.push({ n, resolve })),
    release: (status = 200) => {
      for (const res of held.splice(0)) res.writeHead(status).end();
    },
    close: () =>
      new Promise((resolve) => {
        for (const res of held.splice(0)) res.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return receiver;
}

/** Independent signature computation: node:crypto directly, not the project's signBody. */
export function expectedSignature(key: string, body: string): string {
  return createHmac('sha256', key).update(Buffer.from(body, 'utf8')).digest('base64');
}

export interface ApiResponse<T = any> {
  status: number;
  body: T;
  text: string;
}

/** A JSON call with an optional bearer value. */
export async function call<T = any>(
  method: string,
  url: string,
  opts: { bearer?: string; body?: unknown; rawBody?: string } = {},
): Promise<ApiResponse<T>> {
  const headers: Record<string, string> = {};
  if (opts.bearer !== undefined) headers.authorization = `Bearer ${opts.bearer}`;
  let body: string | undefined;
  if (opts.rawBody !== undefined) body = opts.rawBody;
  else if (opts.body !== undefined) body = JSON.stringify(opts.body);
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(url, { method, headers, ...(body !== undefined ? { body } : {}) });
  const text = await res.text();
  let parsed: unknown = null;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    parsed = null;
  }
  return { status: res.status, body: parsed as T, text };
}

/** GET with a path sent byte for byte (fetch would percent-encode '<' and '>'). */
export function rawGet(baseUrl: string, path: string, bearer: string): Promise<{ status: number; text: string }> {
  const u = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: u.hostname, port: u.port, path, method: 'GET', headers: { authorization: `Bearer ${bearer}` } },
      (res) => {
        let text = '';
        res.on('data', (c: Buffer) => (text += c.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

/** An access token for a store. */
export async function tokenFor(sb: RunningSandbox, store: StoreCredentials): Promise<string> {
  const r = await call('POST', `${sb.baseUrl}/token`, { body: { clientId: store.clientId, clientSecret: store.clientSecret } });
  if (r.status !== 200) throw new Error(`token failed: ${r.status} ${r.text}`);
  return r.body.accessToken as string;
}

/** A sandbox with fast retries, plus a receiver wired as the default store's webhook. */
export async function sandboxWithReceiver(opts: SandboxOptions = {}, respond?: Receiver['respond']) {
  const receiver = await startReceiver(respond);
  const sb = await startSandbox({ retryDelayMs: 5, ...opts, defaultStore: { webhookUrl: receiver.url, webhookKey: 'test-key-1' } });
  const token = await tokenFor(sb, sb.defaultStore);
  return { sb, receiver, token, store: sb.defaultStore };
}

/**
 * A fresh sandbox and receiver for each test of a suite, closed after it: call `setup()` in the
 * test, then read `sb`, `receiver` and `token`.
 */
export function sandboxPerTest() {
  let current: Awaited<ReturnType<typeof sandboxWithReceiver>> | null = null;
  afterEach(async () => {
    await current?.sb.close();
    await current?.receiver.close();
    current = null;
  });
  const started = () => {
    if (!current) throw new Error('call setup() first');
    return current;
  };
  return {
    async setup(opts: SandboxOptions = {}) {
      current = await sandboxWithReceiver(opts);
    },
    get sb() {
      return started().sb;
    },
    get receiver() {
      return started().receiver;
    },
    get token() {
      return started().token;
    },
  };
}

/** A simple event object (see docs/service.md#webhook-event). */
export function sampleEvent(type = 'Created', orderId = '1001') {
  return {
    orderId,
    orderReference: `ref-${orderId}`,
    orderType: 'FASTLINK_CHARGE',
    description: 'La orden fue creada',
    level: 'Info' as const,
    type,
    metadata: null,
  };
}

/** A valid payment method request for a card number. */
export function paymentMethodBody(number: string) {
  return {
    customer: { id: 'cus-1', name: 'Ana López', email: 'ana@example.com', phoneNumber: '+50370000000' },
    card: { number, expirationMonth: '12', expirationYear: '2099', cvv: '123', cardHolder: 'ANA LOPEZ', singleUse: false },
  };
}

/** A control API call (`/_sandbox…`) with the sandbox's control token. */
export function control<T = any>(sb: RunningSandbox, method: string, path: string, opts: { body?: unknown; rawBody?: string } = {}): Promise<ApiResponse<T>> {
  return call<T>(method, `${sb.controlUrl}${path}`, { ...opts, bearer: sb.controlToken });
}
