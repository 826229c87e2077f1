import type { IncomingHttpHeaders } from 'node:http';
import { PROBE_HEADER, PROBE_PROOF_HEADER, PROBE_SIGNATURE_HEADER } from './probe-nonces';

/** The listener's side of a probe: redeems a nonce this Hooklab issued, or says it was not. */
export type RedeemProbe = (nonce: string, signature: string) => string | null;

export interface ProbeReply {
  readonly status: 200;
  readonly headers: Record<string, string>;
  readonly body: string;
}

/**
 * What the listener answers a request carrying a probe nonce this Hooklab issued (and signed):
 * 200 with the proof, nothing stored, nothing forwarded. Any other request, including one with
 * a nonce not issued here, gets null and is received as an ordinary delivery.
 */
export function answerProbe(headers: IncomingHttpHeaders, redeem: RedeemProbe | undefined): ProbeReply | null {
  const nonce = headers[PROBE_HEADER];
  const signature = headers[PROBE_SIGNATURE_HEADER];
  if (!redeem || typeof nonce !== 'string' || typeof signature !== 'string') return null;
  const proof = redeem(nonce, signature);
  if (proof === null) return null;
  return {
    status: 200,
    headers: { 'Content-Type': 'text/plain; charset=utf-8', [PROBE_PROOF_HEADER]: proof },
    body: 'Hooklab answered its own probe\n',
  };
}
