import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { chmodSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { TRACEPARENT_HEADER, type TraceContext } from '../../../shared/tracing/trace-context';
import { PRIVATE_FILE_MODE, writePrivateFile } from '../platform/private-files';

/** The file in the data folder with the key that marks the trace ids Hooklab starts (0600). */
export const TRACE_KEY_FILE = 'trace-key';

const KEY_PATTERN = /^[0-9a-f]{64}$/;

/**
 * The key of a data folder's trace ids, made on first use and kept: every Hooklab process on
 * the folder (the app, `serve`, `listen`, a terminal command) marks its trace ids with it, so
 * the one receiving spans knows them as Hooklab's, after a restart too.
 */
export function loadTraceKey(dataDir: string): Buffer {
  const path = join(dataDir, TRACE_KEY_FILE);
  const read = () => {
    try {
      const text = readFileSync(path, 'utf8').trim();
      return KEY_PATTERN.test(text) ? text : null;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  };
  let key = read();
  if (key) {
    chmodSync(path, PRIVATE_FILE_MODE);
  } else {
    writePrivateFile(path, `${randomBytes(32).toString('hex')}\n`);
    // Two processes starting at once: both use the one that stayed on disk.
    key = read()!;
  }
  return Buffer.from(key, 'hex');
}

/**
 * The traces Hooklab started. Each trace id is 8 random bytes followed by 8 bytes of their
 * HMAC under the data folder's trace key, so the OTLP receiver keeps a handler's spans only
 * for traces a Hooklab on this folder started (from this process or another, before a restart
 * or after), and an id a sender made up is refused without any list to keep. The ids stay
 * random as W3C Trace Context asks.
 */
export class StartedTraces {
  constructor(private readonly key: Buffer) {}

  /** A new trace for one request (its own `traceparent`). */
  start(): TraceContext {
    const random = randomBytes(8).toString('hex');
    const traceId = random + this.mac(random);
    const spanId = randomBytes(8).toString('hex');
    return { traceId, spanId, traceparent: `00-${traceId}-${spanId}-01` };
  }

  /** Whether a trace id is one a Hooklab on this data folder started. */
  has(traceId: string): boolean {
    if (!/^[0-9a-f]{32}$/.test(traceId)) return false;
    const expected = Buffer.from(this.mac(traceId.slice(0, 16)), 'hex');
    return timingSafeEqual(expected, Buffer.from(traceId.slice(16), 'hex'));
  }

  private mac(random: string): string {
    return createHmac('sha256', this.key).update(`${TRACEPARENT_HEADER}:${random}`).digest('hex').slice(0, 16);
  }
}
