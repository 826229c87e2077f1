import { randomBytes } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import { decodeLogsRequest, decodeTraceRequest } from './otlp-protobuf';
import { readLogsExport, readTraceExport, type ReadSpans } from './otlp-spans';
import { keepStartedRecords } from './otlp-wire';

export type Signal = 'traces' | 'logs';

/** One OTLP/HTTP request body as it came, with what its headers said of it. */
export interface EncodedExport {
  readonly signal: Signal;
  readonly json: boolean;
  readonly gzip: boolean;
  /** Largest body after decompression. */
  readonly maxBytes: number;
  readonly body: Uint8Array;
}

/** What a body became: the spans to keep, or why there are none (413, 400 or 503 for the sender). */
export type DecodedExport =
  | ({ readonly ok: true } & ReadSpans)
  | { readonly ok: false; readonly reason: 'too-large' | 'unreadable' | 'unavailable'; readonly message: string };

/** The messages to and from the decoder's thread. */
export type DecodeRequest = EncodedExport & { readonly id: number };
export type DecodeReply = DecodedExport & { readonly id: number };

/**
 * Decompresses and reads one export into the spans of traces Hooklab started. A protobuf body
 * is first cut to the records of started traces on its wire format (otlp-wire.ts), so a span of
 * someone else's trace is never decoded; JSON has no such shortcut and is parsed whole. Runs on
 * the OTLP decoder's thread (otlp-decode-worker.ts), never on the one that answers the UI.
 */
export function decodeExport(input: EncodedExport, isStarted: (traceId: string) => boolean): DecodedExport {
  let body = input.body;
  if (input.gzip) {
    try {
      body = gunzipSync(body, { maxOutputLength: input.maxBytes });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') {
        return { ok: false, reason: 'too-large', message: `an OTLP request over ${input.maxBytes} bytes is refused` };
      }
      return { ok: false, reason: 'unreadable', message: `the request could not be read: ${(error as Error).message}` };
    }
  }
  try {
    if (input.json) {
      const request = JSON.parse(Buffer.from(body.buffer, body.byteOffset, body.byteLength).toString('utf8')) as unknown;
      return { ok: true, ...read(input.signal, request, isStarted) };
    }
    const started = keepStartedRecords(body, input.signal === 'traces' ? 'span' : 'log', isStarted);
    const request = input.signal === 'traces' ? decodeTraceRequest(started.bytes) : decodeLogsRequest(started.bytes);
    const spans = read(input.signal, request, isStarted);
    return { ok: true, kept: spans.kept, dropped: spans.dropped + started.dropped };
  } catch (error) {
    return { ok: false, reason: 'unreadable', message: `not an OTLP ${input.signal} export: ${(error as Error).message}` };
  }
}

function read(signal: Signal, request: unknown, isStarted: (traceId: string) => boolean): ReadSpans {
  return signal === 'traces' ? readTraceExport(request, isStarted) : readLogsExport(request, isStarted, () => randomBytes(8).toString('hex'));
}
