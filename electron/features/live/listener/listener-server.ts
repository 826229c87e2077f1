import { forwardTargetsFor } from '../forwarding/routes';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import type { HmacSha256 } from '../../../../shared/signing';
import type { KnownKey } from '../../../../shared/signing/diagnose';
import type { ListenerAnswer, ListenerSettings } from '../../../../shared/settings';
import type { DeliverySummary, HandlerSummary } from '../../../../shared/contract/live';
import { forwardToAll, type ForwardOptions } from '../forwarding/forwarder';
import type { DeliveryStore } from '../../../services/data/delivery-store';
import type { ForwardWrite, IncomingDelivery, StoredDelivery, StoredTotals } from '../../../services/data/received-delivery';
import { ConnectionGuard } from './connection-guard';
import { GroupCommitter, type BusyPolicy } from './group-commit';
import { headerPairs, judgeDelivery, type RawDelivery } from './judge';
import { readBody } from './read-body';
import { answerProbe, probeSignature, type ProbeRedeemer } from '../probe/probe-answer';

export interface ListenerDeps {
  readonly store: DeliveryStore;
  readonly hmac: HmacSha256;
  /** Read on every request, so changes apply without restart. */
  readonly settings: () => ListenerSettings;
  /** Current key first, then earlier ones (accepted or retired). */
  readonly keys: () => KnownKey[];
  readonly now: () => number;
  /** Called once per committed batch, with what is stored after retention ran. */
  readonly onStored: (deliveries: DeliverySummary[], totals: StoredTotals) => void;
  readonly onForwarded: (id: number, handler: HandlerSummary, answeredStatus: number | null) => void;
  readonly onError: (message: string, error: unknown) => void;
  /** A batch could not be stored (disk full...): its senders got 500, nothing was claimed. */
  readonly onStoreFailed: (error: unknown) => void;
  /** Knows the probes of the public URL this Hooklab sent, by signature (answered, never stored). */
  readonly probes?: ProbeRedeemer;
  /** Draws each forward's trace (see ForwardOptions.startTrace). */
  readonly startTrace?: ForwardOptions['startTrace'];
  /**
   * With a store whose connection does not wait for the lock (busy_timeout 0): how a batch that
   * finds it taken is tried again without sleeping this thread (see GroupCommitter).
   */
  readonly busy?: BusyPolicy;
}

/**
 * What the group committer writes: a delivery just read, or the forward results of one stored.
 * A delivery's verdict is kept on it once judged: a batch that finds the write lock taken is
 * tried again with only its SQL, never a second HMAC and JSON parse of every body.
 */
type Pending = { readonly kind: 'delivery'; readonly raw: RawDelivery; judged?: IncomingDelivery } | { readonly kind: 'forwards'; readonly forwards: ForwardWrite };

/**
 * The webhook listener: records every request on 127.0.0.1 (any path), judges it, persists it
 * before answering (a 2xx means it is in the database), then answers as configured and
 * forwards it to the user's handlers.
 */
export class ListenerServer {
  private server: Server | null = null;
  private readonly hanging = new Set<ServerResponse>();
  /** Sockets whose answer is held back on purpose (delay, never answer): not idle. */
  private readonly holding = new WeakSet<Socket>();
  private readonly committer: GroupCommitter<Pending, StoredDelivery | HandlerSummary>;
  private boundPort: number | null = null;

  constructor(private readonly deps: ListenerDeps) {
    this.committer = new GroupCommitter((items) => {
      // Settings and keys are read once per batch: they apply from the next batch on (a
      // delivery already judged keeps its verdict when its batch is tried again).
      const settings = deps.settings();
      const context = {
        keys: deps.keys(),
        answers: { answer: settings.answer, rules: settings.rules },
        passThrough: settings.passThrough && settings.forwardTargets.length > 0,
      };
      const limits = { maxDeliveries: settings.retainDeliveries, maxBytes: settings.retainBytes };
      const deliveries: IncomingDelivery[] = [];
      const forwards: ForwardWrite[] = [];
      for (const item of items) {
        if (item.kind === 'delivery') deliveries.push((item.judged ??= judgeDelivery(item.raw, context, deps.hmac)));
        else forwards.push(item.forwards);
      }
      const { stored, handlers } = deps.store.commitBatch(deliveries, forwards, limits);
      if (stored.length > 0) deps.onStored(stored.map((s) => s.summary), deps.store.totals());
      // Each item gets its own result back, in the order submitted.
      let nextStored = 0;
      let nextHandler = 0;
      return items.map((item) => (item.kind === 'delivery' ? stored[nextStored++]! : handlers[nextHandler++]!));
    }, { ...(deps.busy ? { busy: deps.busy } : {}), onFailed: (error) => deps.onStoreFailed(error) });
  }

  get port(): number | null {
    return this.boundPort;
  }

  /** Listens on 127.0.0.1:port (0 = any free port); rejects with the bind error (EADDRINUSE...). */
  async start(port: number): Promise<number> {
    const server = await this.listen(port);
    this.server = server;
    this.boundPort = (server.address() as AddressInfo).port;
    return this.boundPort;
  }

  /**
   * Moves to another port: binds it first, and only once that worked closes the old server
   * (its requests in progress still finish). On failure (EADDRINUSE...) it rejects and the old
   * listener keeps serving, so no delivery is lost to a port that could not be opened.
   */
  async moveTo(port: number): Promise<number> {
    if (!this.server) return this.start(port);
    const next = await this.listen(port);
    const previous = this.server;
    this.server = next;
    this.boundPort = (next.address() as AddressInfo).port;
    previous.close();
    previous.closeIdleConnections();
    return this.boundPort;
  }

  /** A configured server listening on 127.0.0.1:port, with its own connection cap. */
  private async listen(port: number): Promise<Server> {
    const settings = this.deps.settings();
    const guard = new ConnectionGuard(() => this.deps.settings().maxConnections);
    const server = createServer(
      // Node checks header and request timeouts on this interval; its 30 s default would let slow senders linger.
      { connectionsCheckingInterval: 500, ...timeouts(settings) },
      (req, res) => {
        const activity = () => guard.touch(req.socket);
        activity();
        res.once('finish', activity);
        this.handle(req, res, activity).catch((error: unknown) => {
          this.deps.onError('listener request failed', error);
          if (!res.headersSent) res.writeHead(500).end();
          else res.destroy();
        });
      },
    );
    server.keepAliveTimeout = 5_000;
    server.timeout = settings.idleTimeoutMs;
    server.on('connection', (socket: Socket) => guard.admit(socket));
    // A listener here replaces Node's destroy-on-timeout: an answer held back on purpose is not idle.
    server.on('timeout', (socket: Socket) => {
      if (!this.holding.has(socket)) socket.destroy();
    });
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
    return server;
  }

  /** Applies settings that live on the server object. */
  applySettings(settings: ListenerSettings): void {
    if (!this.server) return;
    Object.assign(this.server, timeouts(settings));
    this.server.timeout = settings.idleTimeoutMs;
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

  /** `activity`: the connection is in use (each body chunk says so, so the guard keeps it). */
  private async handle(req: IncomingMessage, res: ServerResponse, activity: () => void): Promise<void> {
    const receivedAtMs = this.deps.now();
    const method = req.method ?? 'POST';
    if (method === 'GET' || method === 'HEAD') {
      res.writeHead(200, { 'Content-Type': 'text/plain; charset=utf-8' });
      res.end(method === 'HEAD' ? undefined : 'Hooklab webhook listener: POST webhooks to any path here.\n');
      return;
    }
    const settings = this.deps.settings();
    const body = await readBody(req, settings.bodyLimitBytes, activity);
    // A probe of the public URL is a webhook like any other but for its signature (this run's key).
    const probeSigned = body.truncation === null ? probeSignature(req.headers, this.deps.probes) : null;
    const probe = probeSigned !== null ? answerProbe(probeSigned, body.bytes, this.deps.probes!) : null;
    if (probe) {
      res.writeHead(probe.status, probe.headers).end(probe.body);
      return;
    }
    // Built once: stored with the delivery and sent on to the handlers.
    const headers = headerPairs(req.rawHeaders);
    let stored: StoredDelivery;
    try {
      stored = (await this.committer.submit({
        kind: 'delivery',
        raw: { receivedAtMs, method, path: req.url ?? '/', headers, body: body.bytes, bodySize: body.size, truncation: body.truncation },
      })) as StoredDelivery;
    } catch {
      // Not persisted, so never a 2xx: the service will retry. onStoreFailed said why.
      res.writeHead(500, { 'Content-Type': 'text/plain' }).end('Hooklab could not store this delivery\n');
      return;
    }
    // Cut off: the sender is gone, or clientError already answered 408.
    if (body.truncation === 'cut-off') return;
    if (body.truncation === 'over-limit') {
      res.writeHead(413, { 'Content-Type': 'text/plain', Connection: 'close' });
      res.end(`Body over the listener's limit of ${settings.bodyLimitBytes} bytes\n`);
      return;
    }
    const targets = forwardTargetsFor(settings, stored.summary.eventType);
    const { id } = stored.summary;
    if (stored.answer === null) {
      // Pass-through: the first handler's answer is the service's answer.
      const results = await forwardToAll(targets, { method, headers, body: body.bytes }, this.forwardOptions(settings.allowedTargets));
      const first = results[0]!;
      const status = first.status ?? 502;
      // The delivery is stored and the handler has answered: that answer is the service's,
      // whatever becomes of the record of it (a 500 here would contradict the handler).
      try {
        this.deps.onForwarded(id, await this.saveForwards({ id, results, answeredStatus: status }), status);
      } catch (error) {
        this.deps.onError('could not save the handler results', error);
      }
      res.writeHead(status, { 'Content-Type': 'text/plain' });
      res.end(first.body ?? `handler unreachable: ${first.error ?? 'unknown error'}\n`);
      return;
    }
    this.answer(res, stored.answer);
    if (targets.length > 0) {
      forwardToAll(targets, { method, headers, body: body.bytes }, this.forwardOptions(settings.allowedTargets))
        .then(async (results) => this.deps.onForwarded(id, await this.saveForwards({ id, results }), stored.summary.answeredStatus))
        .catch((error: unknown) => this.deps.onError('forwarding failed', error));
    }
  }

  /** The target policy's allowances and, with tracing, each forward's new trace. */
  private forwardOptions(allowedTargets: readonly string[]): ForwardOptions {
    return { allowedTargets, ...(this.deps.startTrace ? { startTrace: this.deps.startTrace } : {}) };
  }

  /** Forward results join the next group commit (written with its deliveries, one fsync). */
  private async saveForwards(forwards: ForwardWrite): Promise<HandlerSummary> {
    return (await this.committer.submit({ kind: 'forwards', forwards })) as HandlerSummary;
  }

  private answer(res: ServerResponse, answer: ListenerAnswer): void {
    if (answer.hang || answer.delayMs > 0) {
      const socket = res.socket;
      if (socket) {
        this.holding.add(socket);
        res.once('close', () => this.holding.delete(socket));
      }
    }
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

/** Node refuses a headers timeout longer than the request timeout: the request one bounds both. */
function timeouts(settings: ListenerSettings): { headersTimeout: number; requestTimeout: number } {
  return { headersTimeout: Math.min(settings.headersTimeoutMs, settings.requestTimeoutMs), requestTimeout: settings.requestTimeoutMs };
}
