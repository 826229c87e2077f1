import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { lookupFor } from '../../../services/net/localhost-lookup';
import type { ProbeOutcome } from './probe-cause';
import type { ProbeWebhook } from './probe-webhook';

/** How much of an answer is read: the proof, or enough of another's answer for its first line. */
const MAX_READ_BYTES = 4096;

export interface ProbeSendResult {
  readonly outcome: ProbeOutcome;
  readonly latencyMs: number | null;
}

/** A URL the probe cannot be sent to, as an outcome (never a throw: a bad saved URL must not stop Hooklab). */
function unusable(url: string): ProbeOutcome | URL {
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return { kind: 'error', code: 'ERR_INVALID_URL', message: `"${url}" is not a URL` };
  }
  if (target.protocol !== 'http:' && target.protocol !== 'https:') {
    return { kind: 'error', code: 'ERR_INVALID_PROTOCOL', message: `${target.protocol} is not http: or https:` };
  }
  return target;
}

/**
 * POSTs one probe to `url` exactly as the service sends a webhook (its headers in its order, a
 * fresh connection, no redirects followed: the sandbox's dispatcher sends the same way) and
 * tells what came back: an answer (with whether its body is this Hooklab's proof), a network
 * error with its code, or nothing within `timeoutMs`. Node's http client rather than fetch: its
 * errors keep the system's code (ENOTFOUND, ECONNREFUSED, CERT_HAS_EXPIRED). Never rejects.
 */
export function sendProbe(
  url: string,
  probe: ProbeWebhook,
  isProof: (answer: string) => boolean,
  options: { timeoutMs: number; now: () => number },
): Promise<ProbeSendResult> {
  const started = options.now();
  const target = unusable(url);
  if (!(target instanceof URL)) return Promise.resolve({ outcome: target, latencyMs: null });
  const request = target.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve) => {
    let settled = false;
    const settle = (outcome: ProbeOutcome, answered: boolean) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      req?.destroy();
      resolve({ outcome, latencyMs: answered ? options.now() - started : null });
    };
    const timer = setTimeout(() => settle({ kind: 'timeout', afterMs: options.timeoutMs }, false), options.timeoutMs);
    let req: ReturnType<typeof request> | undefined;
    try {
      req = request(target, {
        method: 'POST',
        // A new connection each time, as the service's deliveries: a kept-alive one, already
        // through the tunnel server, would hide a server that now answers new requests itself.
        agent: false,
        headers: { ...Object.fromEntries(probe.headers), 'Content-Length': String(probe.body.length) },
        ...lookupFor(target.hostname),
      });
    } catch (error) {
      // Node refuses some URLs before any byte is written (a host it cannot use).
      settle({ kind: 'error', code: (error as NodeJS.ErrnoException).code ?? null, message: (error as Error).message }, false);
      return;
    }
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      let size = 0;
      const done = () => {
        const text = Buffer.concat(chunks).toString('utf8');
        const firstLine = text.split(/\r?\n/).find((l) => l.trim() !== '') ?? '';
        settle({ kind: 'answered', status: res.statusCode ?? 0, ours: res.statusCode === 200 && isProof(text.trim()), firstLine }, true);
      };
      res.on('data', (chunk: Buffer) => {
        chunks.push(chunk);
        size += chunk.length;
        if (size >= MAX_READ_BYTES) done();
      });
      res.on('end', done);
      res.on('error', done);
    });
    req.on('error', (error: NodeJS.ErrnoException) => settle({ kind: 'error', code: error.code ?? null, message: error.message }, false));
    req.end(probe.body);
  });
}
