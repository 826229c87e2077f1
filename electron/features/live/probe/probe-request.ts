import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { ProbeOutcome } from './probe-cause';
import { PROBE_HEADER, PROBE_PROOF_HEADER, PROBE_SIGNATURE_HEADER } from './probe-nonces';

/** How much of an answer that is not ours is read: enough for its first line. */
const MAX_READ_BYTES = 4096;

export interface ProbeSendResult {
  readonly outcome: ProbeOutcome;
  readonly latencyMs: number | null;
}

/**
 * POSTs one probe to `url` as the service would send a webhook (no cookies, no redirects
 * followed) and tells what came back: an answer (with whether it carries `expectedProof`), a
 * network error with its code, or nothing within `timeoutMs`. Node's http client rather than
 * fetch: its errors keep the system's code (ENOTFOUND, ECONNREFUSED, CERT_HAS_EXPIRED).
 */
export function sendProbe(
  url: string,
  probe: { nonce: string; signature: string; isProof: (proof: string | null) => boolean },
  options: { timeoutMs: number; now: () => number },
): Promise<ProbeSendResult> {
  const started = options.now();
  const target = new URL(url);
  const request = target.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve) => {
    let settled = false;
    const settle = (outcome: ProbeOutcome, answered: boolean) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      req.destroy();
      resolve({ outcome, latencyMs: answered ? options.now() - started : null });
    };
    const req = request(
      target,
      {
        method: 'POST',
        // A new connection each time: a kept-alive one, already through the tunnel server, would
        // hide a server that now answers new requests itself (503, a reminder page).
        agent: false,
        headers: {
          'Content-Type': 'application/json',
          'User-Agent': 'Hooklab public URL probe',
          [PROBE_HEADER]: probe.nonce,
          [PROBE_SIGNATURE_HEADER]: probe.signature,
        },
      },
      (res) => {
        const proofHeader = res.headers[PROBE_PROOF_HEADER];
        const ours = probe.isProof(typeof proofHeader === 'string' ? proofHeader : null);
        const chunks: Buffer[] = [];
        let size = 0;
        const done = () => {
          const text = Buffer.concat(chunks).toString('utf8');
          const firstLine = text.split(/\r?\n/).find((l) => l.trim() !== '') ?? '';
          settle({ kind: 'answered', status: res.statusCode ?? 0, ours, firstLine }, true);
        };
        res.on('data', (chunk: Buffer) => {
          chunks.push(chunk);
          size += chunk.length;
          if (size >= MAX_READ_BYTES) done();
        });
        res.on('end', done);
        res.on('error', done);
      },
    );
    const timer = setTimeout(() => settle({ kind: 'timeout', afterMs: options.timeoutMs }, false), options.timeoutMs);
    req.on('error', (error: NodeJS.ErrnoException) => settle({ kind: 'error', code: error.code ?? null, message: error.message }, false));
    req.end('{"hooklabProbe":true}');
  });
}
