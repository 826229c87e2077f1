import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createHash } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { HmacSha256 } from '../../shared/signing';
import { verifySignature, type KnownKey } from '../../shared/signing/diagnose';
import { SIGNATURE_HEADER } from '../../shared/service';
import type { ListenerAnswer, ListenerSettings } from '../../shared/settings';
import type { DeliverySummary, HandlerSummary } from '../../shared/contract/live';
import { forwardToAll } from '../forwarding/forwarder';
import { chooseAnswer } from './answer-policy';
import { DeliveryStore, type IncomingDelivery, type StoredDelivery } from './delivery-store';
import { GroupCommitter } from './group-commit';
import { readEventFields, readEventHeaders } from './inspect';

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

interface Pending {
  delivery: IncomingDelivery;
  answer: ListenerAnswer | null;
}

/**
 * The webhook listener: records every request on 127.0.0.1 (any path), judges it, persists it
 * before answering (a 2xx means it is in the database), then answers as configured and
 * forwards it to the user's handlers.
 */
export class ListenerServer {
  private server: Server | null = null;
  private readonly hanging = new Set<ServerResponse>();
  private readonly committer: GroupCommitter<IncomingDelivery, StoredDelivery>;
  private boundPort: number | null = null;

  constructor(private readonly deps: ListenerDeps) {
    this.committer = new GroupCommitter((items) => {
      const stored = deps.store.insertBatch(items);
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
    const headers: Array<[string, string]> = [];
    for (let i = 0; i + 1 < req.rawHeaders.length; i += 2) headers.push([req.rawHeaders[i]!, req.rawHeaders[i + 1]!]);
    const signature = req.headers[SIGNATURE_HEADER];
    const verdict = verifySignature({
      hmac: this.deps.hmac,
      body: body.bytes,
      signature: Array.isArray(signature) ? signature[0] : signature,
      keys: this.deps.keys(),
      truncated: body.truncated,
    });
    const passThrough = settings.passThrough && settings.forwardTargets.length > 0 && !body.truncated;
    const pending: Pending = {
      answer: null,
      delivery: {
        receivedAtMs,
        method,
        path: req.url ?? '/',
        headers,
        body: body.bytes,
        bodySize: body.size,
        bodySha256: createHash('sha256').update(body.bytes).digest('hex'),
        truncated: body.truncated,
        event: readEventHeaders(req.headers),
        fields: readEventFields(body.bytes),
        verdict,
        answerFor: (attempt) => {
          if (body.truncated) return 413;
          if (passThrough) return null;
          pending.answer = chooseAnswer(settings, attempt);
          return pending.answer.hang ? null : pending.answer.status;
        },
      },
    };
    let stored: StoredDelivery;
    try {
      stored = await this.committer.submit(pending.delivery);
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
    const forward = async () => {
      const results = await forwardToAll(targets, { method, headers, body: body.bytes });
      return results;
    };
    if (passThrough) {
      const results = await forward();
      const first = results[0]!;
      const status = first.status ?? 502;
      const handler = this.deps.store.saveForwards(stored.summary.id, results, status);
      this.deps.onForwarded(stored.summary.id, handler, status);
      res.writeHead(status, { 'Content-Type': 'text/plain' });
      res.end(first.body ?? `handler unreachable: ${first.error ?? 'unknown error'}\n`);
      return;
    }
    this.answer(res, pending.answer ?? settings.answer);
    if (targets.length > 0) {
      forward()
        .then((results) => {
          const handler = this.deps.store.saveForwards(stored.summary.id, results);
          this.deps.onForwarded(stored.summary.id, handler, stored.summary.answeredStatus);
        })
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
  const declared = Number(req.headers['content-length']);
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
        const kept = Buffer.concat(chunks);
        resolve({ bytes: kept, size, truncated: true });
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
