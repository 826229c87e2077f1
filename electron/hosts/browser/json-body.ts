import type { IncomingMessage } from 'node:http';
import { MAX_PARSED_JSON_DEPTH, tooDeepToParse } from '../../../shared/signing/json-depth';

export type JsonBody = { ok: true; value: unknown } | { ok: false; status: number; message: string };

/**
 * Reads a JSON request body with a size cap; an empty body is `{}` (calls without arguments).
 * A declared Content-Length over the cap is refused before a byte is read, and a chunked body
 * is refused the moment it passes the cap, so an oversized body is never buffered whole (the
 * caller answers and closes the connection, see `answerOversized` in browser-host.ts). Nesting is checked before
 * `JSON.parse`: a megabyte of `[` would otherwise keep the process busy.
 */
export function readJsonBody(req: IncomingMessage, limit: number): Promise<JsonBody> {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit) return Promise.resolve(tooLarge(limit));
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        req.off('data', onData);
        req.pause();
        chunks.length = 0;
        resolve(tooLarge(limit));
        return;
      }
      chunks.push(chunk);
    };
    req.on('data', onData);
    req.on('error', () => resolve({ ok: false, status: 400, message: 'the request body was cut off' }));
    req.on('end', () => resolve(parseJson(Buffer.concat(chunks))));
  });
}

function tooLarge(limit: number): JsonBody {
  return { ok: false, status: 413, message: `request body over ${limit} bytes, the most this call takes: nothing was done` };
}

function parseJson(bytes: Buffer): JsonBody {
  if (tooDeepToParse(bytes)) {
    return { ok: false, status: 400, message: `malformed arguments: JSON nested deeper than ${MAX_PARSED_JSON_DEPTH} levels` };
  }
  const text = bytes.toString('utf8').trim();
  if (text === '') return { ok: true, value: {} };
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (error) {
    return { ok: false, status: 400, message: `malformed JSON: ${(error as Error).message}` };
  }
}
