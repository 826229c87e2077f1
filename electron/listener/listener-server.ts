import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { HmacSha256 } from '../../shared/signing';
import type { KnownKey } from '../../shared/signing/diagnose';
import type { ListenerAnswer, ListenerSettings } from '../../shared/settings';
import type { DeliverySummary, HandlerSummary } from '../../shared/contract/live';
import { forwardToAll } from '../forwarding/forwarder';
import type { DeliveryStore, StoredDelivery } from './delivery-store';
import { GroupCommitter } from './group-commit';
import { headerPairs, judgeDelivery, type RawDelivery } from './judge';

export interface ListenerDeps {
  readonly store: DeliveryStore;
  readonly hmac: HmacSha256;
  /** Read on every request, so changes apply without restart. */
  readonly settings: () => ListenerSettings;
  /** Current key first, then earlier ones (accepted or retired). */
  readonly keys: () => KnownKey[];
  readonly now: () => number;
  /** Called once per committed batch. */
  readonly onStored: (deliveries: DeliverySummary[]) => void;
  readonly onForwarded: (id: number, handler: HandlerSummary, answeredStatus: number | null) => void;
  readonly onError: (message: string, error: unknown) => void;
}

/**
 * The webhook listener: records every request on 127.0.0.1 (any path), judges it, persists it
 * before answering (a 2xx means it is in the database), then answers as configured and
 * forwards it to the user's handlers.
 */
export class ListenerServer {
  private server: Server | null = null;
  private readonly hanging = new Set<ServerResponse>();
  private readonly committer: GroupCommitter<RawDelivery, StoredDelivery>;
  private boundPort: number | null = null;

  constructor(private readonly deps: ListenerDeps) {
    this.committer = new GroupCommitter((items) => {
      // Settings and keys are read once per batch: they apply from the next batch on.
      const settings = deps.settings();
      const context = {
        keys: deps.keys(),
        answers: { answer: settings.answer, rules: settings.rules },
        passThrough: settings.passThrough && settings.forwardTargets.length > 0,
      };
      const stored = deps.store.insertBatch(items.map((raw) => judgeDelivery(raw, context, deps.hmac)));
      deps.onStored(stored.map((s) => s.summary));
      return stored;
    });
  }

  get port(): number | null {
    return this.boundPort;
  }

  /** Listens on 127.0.0.1:port (0 = any free port); rejects with the bind error (EADDRINUSE...). */
  async start(port: number): Promise<number> {
    const settings = this.deps.settings();
    const server = createServer(
      // Node checks header timeouts on this interval; its 30 s default would let slow senders linger.
      { connectionsCheckingInterval: 500, headersTimeout: settings.headersTimeoutMs, requestTimeout: 0 },
      (req, res) => {
        this.handle(req, res).catch((error: unknown) => {
          this.deps.onError('listener request failed', error);
          if (!res.headersSent) res.writeHead(500).end();
          else res.destroy();
        });
      },
    );
    server.keepAliveTimeout = 5_000;
    server.on('clientError', (error: NodeJS.ErrnoException, socket) => {
      const status =
        error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? '408 Request Timeout' : error.code === 'HPE_HEADER_OVERFLOW' ? '431 Request Header Fields Too Large' : '400 Bad Request';
      if (socket.writable) socket.end(`HTTP/1.1 ${status}\r\nConnection: close\r\n\r\n`);
      else socket.destroy();
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
    this.server = server;
    this.boundPort = (server.address() as AddressInfo).port;
    return this.boundPort;
  }

  /** Applies settings that live on the server object. */
  applySettings(settings: ListenerSettings): void {
    if (this.server) this.server.headersTimeout = settings.headersTimeoutMs;
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = null;
    this.boundPort = null;
    if (!server) return;
    for (const res of this.hanging) res.destroy();
    this.hanging.clear();
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const receivedAtMs = this.deps.now();
    const method = req.method ?? 'POST';
    if (method === 'GET' || method === 'HEAD') {
      res.writeHead(200, { 'Content-Type': 'text/plain; charset=utf-8' });
      res.end(method === 'HEAD' ? undefined : 'Hooklab webhook listener: POST webhooks to any path here.\n');
      return;
    }
    const settings = this.deps.settings();
    const body = await readBody(req, settings.bodyLimitBytes);
    let stored: StoredDelivery;
    try {
      stored = await this.committer.submit({
        receivedAtMs,
        method,
        path: req.url ?? '/',
        rawHeaders: req.rawHeaders,
        body: body.bytes,
        bodySize: body.size,
        truncated: body.truncated,
      });
    } catch (error) {
      // Not persisted, so never a 2xx: the service will retry.
      this.deps.onError('could not store a delivery', error);
      res.writeHead(500, { 'Content-Type': 'text/plain' }).end('Hooklab could not store this delivery\n');
      return;
    }
    if (body.truncated) {
      res.writeHead(413, { 'Content-Type': 'text/plain', Connection: 'close' });
      res.end(`Body over the listener's limit of ${settings.bodyLimitBytes} bytes\n`);
      return;
    }
    const targets = settings.forwardTargets;
    const { id } = stored.summary;
    if (stored.answer === null) {
      // Pass-through: the first handler's answer is the service's answer.
      const results = await forwardToAll(targets, { method, headers: headerPairs(req.rawHeaders), body: body.bytes });
      const first = results[0]!;
      const status = first.status ?? 502;
      this.deps.onForwarded(id, this.deps.store.saveForwards(id, results, status), status);
      res.writeHead(status, { 'Content-Type': 'text/plain' });
      res.end(first.body ?? `handler unreachable: ${first.error ?? 'unknown error'}\n`);
      return;
    }
    this.answer(res, stored.answer);
    if (targets.length > 0) {
      forwardToAll(targets, { method, headers: headerPairs(req.rawHeaders), body: body.bytes })
        .then((results) => this.deps.onForwarded(id, this.deps.store.saveForwards(id, results), stored.summary.answeredStatus))
        .catch((error: unknown) => this.deps.onError('forwarding failed', error));
    }
  }

  private answer(res: ServerResponse, answer: ListenerAnswer): void {
    if (answer.hang) {
      // The service's own timeout ends this; stop() cuts it.
      this.hanging.add(res);
      res.on('close', () => this.hanging.delete(res));
      return;
    }
    const send = () => {
      if (res.destroyed) return;
      res.writeHead(answer.status, { 'Content-Type': 'text/plain; charset=utf-8' });
      res.end(answer.body);
    };
    if (answer.delayMs > 0) setTimeout(send, answer.delayMs);
    else send();
  }
}

interface BodyRead {
  bytes: Uint8Array;
  size: number;
  truncated: boolean;
}

/** Reads the body up to `limit` bytes; beyond it, stops reading and reports the size seen. */
function readBody(req: IncomingMessage, limit: number): Promise<BodyRead> {
  // From rawHeaders: req.headers would build the whole header object just for this.
  const declared = Number(rawHeader(req.rawHeaders, 'content-length'));
  if (Number.isFinite(declared) && declared > limit) {
    // Do not even read a body announced as too large.
    req.resume();
    return Promise.resolve({ bytes: new Uint8Array(0), size: declared, truncated: true });
  }
  return new Promise<BodyRead>((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let done = false;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        done = true;
        req.off('data', onData);
        req.resume();
        resolve({ bytes: Buffer.concat(chunks), size, truncated: true });
        return;
      }
      chunks.push(chunk);
    };
    req.on('data', onData);
    req.on('end', () => {
      if (done) return;
      done = true;
      resolve({ bytes: chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks), size, truncated: false });
    });
    req.on('error', (e) => {
      if (!done) reject(e);
    });
  });
}

/** The first value of a header (lower-case name) in rawHeaders. */
function rawHeader(rawHeaders: readonly string[], name: string): string | undefined {
  for (let i = 0; i + 1 < rawHeaders.length; i += 2) {
    if (rawHeaders[i]!.length === name.length && rawHeaders[i]!.toLowerCase() === name) return rawHeaders[i + 1];
  }
  return undefined;
}
