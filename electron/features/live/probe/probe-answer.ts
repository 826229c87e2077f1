import { createHash } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { SIGNATURE_HEADER } from '../../../../shared/service/webhooks';

/** The listener's side of a probe: may this signature be one (cheap), and its proof for this body. */
export interface ProbeRedeemer {
  readonly has: (signature: string) => boolean;
  readonly redeem: (signature: string, bodySha256: string) => string | null;
}

export interface ProbeReply {
  readonly status: 200;
  readonly headers: Record<string, string>;
  readonly body: string;
}

/** The signature of a request that may be a probe this Hooklab sent; null for any other (the usual case: one lookup). */
export function probeSignature(headers: IncomingHttpHeaders, redeemer: ProbeRedeemer | undefined): string | null {
  const signature = headers[SIGNATURE_HEADER];
  return redeemer && typeof signature === 'string' && redeemer.has(signature) ? signature : null;
}

/**
 * What the listener answers a probe this Hooklab sent (its signature issued here, over exactly
 * this body): 200 with the proof as the body, nothing stored, nothing forwarded. null for
 * anything else, which is received as an ordinary delivery.
 */
export function answerProbe(signature: string, body: Uint8Array, redeemer: ProbeRedeemer): ProbeReply | null {
  const proof = redeemer.redeem(signature, createHash('sha256').update(body).digest('hex'));
  if (proof === null) return null;
  return { status: 200, headers: { 'Content-Type': 'text/plain; charset=utf-8' }, body: `${proof}\n` };
}
