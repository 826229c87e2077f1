import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** How long an issued nonce may wait for its probe to arrive. */
const NONCE_LIFETIME_MS = 60_000;

/** The request header that carries a probe's nonce, and the one that signs it. */
export const PROBE_HEADER = 'x-hooklab-probe';
export const PROBE_SIGNATURE_HEADER = 'x-hooklab-probe-signature';
/** The listener's answer: proof that this Hooklab, holding the key, answered. */
export const PROBE_PROOF_HEADER = 'x-hooklab-probe-proof';

/**
 * The one-time nonces this Hooklab issued for probes of its own public URL, and the run's
 * random key that signs them. A nonce is redeemed once: a replayed probe, or one with a nonce
 * made up by someone else, is not a probe but an ordinary delivery.
 */
export class ProbeNonces {
  private readonly key = randomBytes(32);
  private readonly issued = new Map<string, number>();
  private answeredCount = 0;

  constructor(private readonly now: () => number = Date.now) {}

  /** A fresh nonce and the signature its request carries. */
  issue(): { nonce: string; signature: string } {
    this.expire();
    const nonce = randomBytes(16).toString('hex');
    this.issued.set(nonce, this.now() + NONCE_LIFETIME_MS);
    return { nonce, signature: this.sign(`probe:${nonce}`) };
  }

  /**
   * The listener's side: the proof to answer with when `nonce` was issued here, is signed with
   * this run's key and not used before; null otherwise (then the request is a delivery).
   */
  redeem(nonce: string, signature: string): string | null {
    this.expire();
    if (!this.issued.has(nonce) || !this.matches(this.sign(`probe:${nonce}`), signature)) return null;
    this.issued.delete(nonce);
    this.answeredCount++;
    return this.proofFor(nonce);
  }

  /** The proof the listener gives for `nonce`: what the prober expects back. */
  proofFor(nonce: string): string {
    return this.sign(`answer:${nonce}`);
  }

  /** Whether `proof` is this Hooklab's answer to `nonce`. */
  isProof(nonce: string, proof: string | null): boolean {
    return proof !== null && this.matches(this.proofFor(nonce), proof);
  }

  /** Probes the listener answered since start (kept out of Live: this count is all there is). */
  get answered(): number {
    return this.answeredCount;
  }

  private sign(text: string): string {
    return createHmac('sha256', this.key).update(text).digest('hex');
  }

  private matches(expected: string, given: string): boolean {
    const a = Buffer.from(expected);
    const b = Buffer.from(given);
    return a.length === b.length && timingSafeEqual(a, b);
  }

  private expire(): void {
    const now = this.now();
    for (const [nonce, until] of this.issued) if (until < now) this.issued.delete(nonce);
  }
}
