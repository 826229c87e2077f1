import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { guardRefusal, loopbackAuthorities, type LoopbackAuthorities } from '../../services/net/request-guard';
import type { DecodedExport, EncodedExport, Signal } from './otlp-decode';
import type { ReadSpans } from './otlp-spans';
import { DecoderBusy } from './otlp-decoder';

/** The only interface the receiver listens on: spans never come from another machine. */
export const RECEIVER_HOST = '127.0.0.1';

export type { Signal };

export interface ReceiverDeps {
  /** Largest request body (after decompression) accepted; a larger one gets 413. */
  readonly maxRequestBytes: () => number;
  /** Reads a body into the spans to keep, off the main thread (OtlpDecoder); rejects DecoderBusy when full. */
  readonly decode: (input: EncodedExport) => Promise<DecodedExport>;
  /** Takes the spans of one export; throws when they could not be stored. */
  readonly accept: (spans: ReadSpans) => void;
}

class TooLarge extends Error {}

/**
 * Reads the whole body as sent (decompressed by the decoder, under the same cap), or rejects
 * with TooLarge as soon as it passes the cap: nothing of it is kept, and the rest is read and
 * dropped so the 413 reaches the sender.
 */
function readCapped(req: IncomingMessage, cap: number): Promise<Uint8Array> {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > cap) return Promise.reject(new TooLarge());
  return new Promise<Uint8Array>((resolve, reject) => {
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
    // A buffer of its own (not Buffer's shared pool), so it can be moved to the decoder's thread.
    const onEnd = () => resolve(new Uint8Array(Buffer.concat(chunks, size)));
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
  // 503 asks the SDK to retry later (OTLP/HTTP), here after a second.
  const retry = status === 503 ? { 'Retry-After': '1' } : {};
  res.writeHead(status, { 'Content-Type': 'application/json', Connection: 'close', ...retry }).end(JSON.stringify({ code: status, message }));
}

const STATUS_OF: Record<Exclude<DecodedExport, { ok: true }>['reason'], number> = { 'too-large': 413, unreadable: 400, unavailable: 503 };

/**
 * The OTLP/HTTP receiver (https://opentelemetry.io/docs/specs/otlp/#otlphttp): POST /v1/traces
 * and /v1/logs, in `application/x-protobuf` or `application/json`, optionally gzip. It binds to
 * 127.0.0.1 only and answers only its own loopback Host (and Origin, when a browser sends one),
 * as the local API and the sandbox do: a page on another site that resolves its name to
 * 127.0.0.1 (DNS rebinding) gets 421. Bodies are read here and decoded on the decoder's thread.
 */
export class OtlpReceiver {
  private server: Server | null = null;
  private authorities: LoopbackAuthorities | null = null;

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
    this.authorities = loopbackAuthorities(this.port!);
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
    const refusal = this.authorities ? guardRefusal(req, this.authorities) : { status: 503, message: 'the receiver is stopping' };
    if (refusal) {
      req.resume();
      return answer(res, refusal.status, true, refusal.message);
    }
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
    const maxBytes = this.deps.maxRequestBytes();
    let body: Uint8Array;
    try {
      body = await readCapped(req, maxBytes);
    } catch (error) {
      if (error instanceof TooLarge) {
        req.resume();
        return answer(res, 413, json, `an OTLP request over ${maxBytes} bytes is refused`);
      }
      return answer(res, 400, json, `the request could not be read: ${(error as Error).message}`);
    }
    const gzip = (req.headers['content-encoding'] ?? '').toLowerCase() === 'gzip';
    let decoded: DecodedExport;
    try {
      decoded = await this.deps.decode({ signal, json, gzip, maxBytes, body });
    } catch (error) {
      if (error instanceof DecoderBusy) return answer(res, 503, json, `Hooklab is busy reading earlier exports: ${error.message}`);
      throw error;
    }
    if (!decoded.ok) return answer(res, STATUS_OF[decoded.reason], json, decoded.message);
    try {
      this.deps.accept(decoded);
    } catch (error) {
      // Not stored (disk full...): 503 lets the SDK retry later, as OTLP/HTTP specifies.
      return answer(res, 503, json, `Hooklab could not store the spans: ${(error as Error).message}`);
    }
    answer(res, 200, json);
  }
}
