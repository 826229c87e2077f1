import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import { decodeLogsRequest, decodeTraceRequest } from './otlp-protobuf';

/** The only interface the receiver listens on: spans never come from another machine. */
export const RECEIVER_HOST = '127.0.0.1';

export type Signal = 'traces' | 'logs';

export interface ReceiverDeps {
  /** Largest request body (after decompression) accepted; a larger one gets 413. */
  readonly maxRequestBytes: () => number;
  /** Takes one decoded export (OTLP/JSON shape); throws when it could not be stored. */
  readonly accept: (signal: Signal, request: unknown) => void;
}

class TooLarge extends Error {}

/**
 * Reads the whole body, or rejects with TooLarge as soon as it passes the cap: nothing of it is
 * kept, and the rest is read and dropped so the 413 reaches the sender.
 */
function readCapped(req: IncomingMessage, cap: number): Promise<Buffer> {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > cap) return Promise.reject(new TooLarge());
  return new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= cap) {
        chunks.push(chunk);
        return;
      }
      req.off('data', onData).off('end', onEnd);
      chunks.length = 0;
      req.resume();
      reject(new TooLarge());
    };
    const onEnd = () => {
      const body = Buffer.concat(chunks);
      if ((req.headers['content-encoding'] ?? '').toLowerCase() !== 'gzip') return resolve(body);
      try {
        resolve(gunzipSync(body, { maxOutputLength: cap }));
      } catch (error) {
        reject((error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE' ? new TooLarge() : error);
      }
    };
    req.on('data', onData).on('end', onEnd).once('error', reject);
  });
}

function mediaType(req: IncomingMessage): string {
  return (req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
}

/** OTLP/HTTP answers in the request's encoding: an empty Export*ServiceResponse either way. */
function answer(res: ServerResponse, status: number, json: boolean, message?: string): void {
  if (status === 200) {
    res.writeHead(200, { 'Content-Type': json ? 'application/json' : 'application/x-protobuf' }).end(json ? '{}' : '');
    return;
  }
  // A google.rpc.Status in JSON is readable by both kinds of client; the SDKs only log it.
  res.writeHead(status, { 'Content-Type': 'application/json', Connection: 'close' }).end(JSON.stringify({ code: status, message }));
}

/**
 * The OTLP/HTTP receiver (https://opentelemetry.io/docs/specs/otlp/#otlphttp): POST /v1/traces
 * and /v1/logs, in `application/x-protobuf` or `application/json`, optionally gzip. It binds to
 * 127.0.0.1 only.
 */
export class OtlpReceiver {
  private server: Server | null = null;

  constructor(private readonly deps: ReceiverDeps) {}

  get port(): number | null {
    const address = this.server?.address() as AddressInfo | null | undefined;
    return address ? address.port : null;
  }

  async start(port: number): Promise<number> {
    const server = createServer((req, res) => void this.handle(req, res));
    server.keepAliveTimeout = 5_000;
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, RECEIVER_HOST, () => {
        server.off('error', reject);
        resolve();
      });
    });
    this.server = server;
    return this.port!;
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (!server) return;
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = (req.url ?? '').split('?')[0];
    const signal: Signal | null = path === '/v1/traces' ? 'traces' : path === '/v1/logs' ? 'logs' : null;
    const type = mediaType(req);
    const json = type === 'application/json';
    if (path === '/v1/metrics' && req.method === 'POST') {
      // Taken and not kept: an SDK exporting metrics too gets no error to log every minute.
      req.resume();
      return answer(res, 200, json);
    }
    if (signal === null) {
      req.resume();
      return answer(res, 404, true, 'Hooklab receives OTLP traces at /v1/traces and logs at /v1/logs');
    }
    if (req.method !== 'POST') {
      req.resume();
      return answer(res, 405, json, 'OTLP exports are POSTed');
    }
    if (!json && type !== 'application/x-protobuf') {
      req.resume();
      return answer(res, 415, true, 'Content-Type must be application/x-protobuf or application/json');
    }
    let body: Buffer;
    try {
      body = await readCapped(req, this.deps.maxRequestBytes());
    } catch (error) {
      if (error instanceof TooLarge) {
        req.resume();
        return answer(res, 413, json, `an OTLP request over ${this.deps.maxRequestBytes()} bytes is refused`);
      }
      return answer(res, 400, json, `the request could not be read: ${(error as Error).message}`);
    }
    let request: unknown;
    try {
      request = json ? (JSON.parse(body.toString('utf8')) as unknown) : signal === 'traces' ? decodeTraceRequest(body) : decodeLogsRequest(body);
    } catch (error) {
      return answer(res, 400, json, `not an OTLP ${signal} export: ${(error as Error).message}`);
    }
    try {
      this.deps.accept(signal, request);
    } catch (error) {
      // Not stored (disk full...): 503 lets the SDK retry later, as OTLP/HTTP specifies.
      return answer(res, 503, json, `Hooklab could not store the spans: ${(error as Error).message}`);
    }
    answer(res, 200, json);
  }
}
