import type { IncomingMessage } from 'node:http';
import { OVER_LIMIT_PREFIX_BYTES } from '../../../../shared/settings';

import type { Truncation } from '../../../services/data/received-delivery';

/** A request body as the listener keeps it. */
export interface BodyRead {
  /** The bytes kept: all of them, the prefix of a body over the limit, or what arrived before a cut. */
  readonly bytes: Uint8Array;
  /** The declared size (Content-Length) when known, else the bytes seen. */
  readonly size: number;
  readonly truncation: Truncation | null;
}

/**
 * Reads a body up to `limit` bytes. Over the limit (declared or seen), it keeps the first
 * OVER_LIMIT_PREFIX_BYTES (or `limit`, if smaller) and stops reading; a request that ends
 * before its body did (the sender went away, or the request timeout cut it) resolves with what
 * arrived, marked cut off. Never rejects: a broken request is still a record of what was sent.
 * `onChunk` runs for every chunk that arrives (the connection is active).
 */
export function readBody(req: IncomingMessage, limit: number, onChunk: () => void = () => undefined): Promise<BodyRead> {
  // From rawHeaders: req.headers would build the whole header object just for this.
  const declared = Number(rawHeader(req.rawHeaders, 'content-length'));
  const declaredSize = Number.isSafeInteger(declared) && declared >= 0 ? declared : null;
  const prefixCap = Math.min(OVER_LIMIT_PREFIX_BYTES, limit);
  const overLimit = declaredSize !== null && declaredSize > limit;
  // Announced as too large: only its prefix is read.
  const keepAtMost = overLimit ? prefixCap : limit;
  return new Promise<BodyRead>((resolve) => {
    const chunks: Buffer[] = [];
    let kept = 0;
    let seen = 0;
    let done = false;
    const finish = (truncation: Truncation | null) => {
      if (done) return;
      done = true;
      req.off('data', onData);
      const all = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks);
      const bytes = truncation === 'over-limit' ? all.subarray(0, prefixCap) : all;
      const size = truncation === 'cut-off' ? Math.max(declaredSize ?? 0, seen) : (declaredSize ?? seen);
      resolve({ bytes, size, truncation });
    };
    const onData = (chunk: Buffer) => {
      onChunk();
      seen += chunk.length;
      if (kept < keepAtMost) {
        const part = chunk.length <= keepAtMost - kept ? chunk : chunk.subarray(0, keepAtMost - kept);
        chunks.push(part);
        kept += part.length;
      }
      if (overLimit ? kept >= keepAtMost : seen > limit) {
        // Enough kept: the rest is drained (bounded by the request timeout), not stored.
        req.resume();
        finish('over-limit');
      }
    };
    req.on('data', onData);
    req.on('end', () => finish(overLimit ? 'over-limit' : null));
    // 'close' without 'end': the body never finished.
    req.on('close', () => finish(req.complete ? null : overLimit ? 'over-limit' : 'cut-off'));
    req.on('error', () => finish('cut-off'));
  });
}

/** The first value of a header (lower-case name) in rawHeaders. */
function rawHeader(rawHeaders: readonly string[], name: string): string | undefined {
  for (let i = 0; i + 1 < rawHeaders.length; i += 2) {
    if (rawHeaders[i]!.length === name.length && rawHeaders[i]!.toLowerCase() === name) return rawHeaders[i + 1];
  }
  return undefined;
}
