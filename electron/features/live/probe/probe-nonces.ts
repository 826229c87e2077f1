import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** How long an issued nonce may wait for its probe to arrive. */
const NONCE_LIFETIME_MS = 60_000;

/** The request header that carries a probe's nonce, and the one that signs it. */
export const PROBE_HEADER = 'x-hooklab-probe';
export const PROBE_SIGNATURE_HEADER = 'x-hooklab-probe-signature';
/** The listener's answer: proof that this Hooklab, holding the key, answered. */
export const PROBE_PROOF_HEADER = 'x-hooklab-probe-proof';

/** An issued nonce as the listener needs it: what the probe carries and what to answer. */
export interface ProbeTicket {
  readonly nonce: string;
  readonly signature: string;
  readonly proof: string;
  readonly expiresAtMs: number;
}

/**
 * The listener's side of the nonces: the tickets issued and not yet used. It holds no key, so
 * the listener's thread keeps its own copy, filled by message as the app issues nonces.
 */
export class ProbeTickets {
  private readonly tickets = new Map<string, ProbeTicket>();

  constructor(private readonly now: () => number = Date.now) {}

  add(ticket: ProbeTicket): void {
    this.tickets.set(ticket.nonce, ticket);
  }

  /**
   * The proof to answer with when `nonce` was issued here with this `signature` and was not used
   * before; null otherwise (then the request is a delivery).
   */
  redeem(nonce: string, signature: string): string | null {
    const now = this.now();
    for (const [n, t] of this.tickets) if (t.expiresAtMs < now) this.tickets.delete(n);
    const ticket = this.tickets.get(nonce);
    if (!ticket || !safeEqual(ticket.signature, signature)) return null;
    this.tickets.delete(nonce);
    return ticket.proof;
  }
}

/**
 * The one-time nonces this Hooklab issued for probes of its own public URL, and the run's
 * random key that signs them. A nonce is redeemed once, by the listener (ProbeTickets, in its
 * own thread): a replayed probe, or one with a nonce made up by someone else, is not a probe
 * but an ordinary delivery. `onIssued` hands each ticket to the listener.
 */
export class ProbeNonces {
  private readonly key = randomBytes(32);
  private answeredCount = 0;

  constructor(
    private readonly now: () => number = Date.now,
    private readonly onIssued: (ticket: ProbeTicket) => void = () => {},
  ) {}

  /** A fresh nonce and the signature its request carries. */
  issue(): { nonce: string; signature: string } {
    const nonce = randomBytes(16).toString('hex');
    const ticket = { nonce, signature: this.sign(`probe:${nonce}`), proof: this.proofFor(nonce), expiresAtMs: this.now() + NONCE_LIFETIME_MS };
    this.onIssued(ticket);
    return { nonce, signature: ticket.signature };
  }

  /** A probe the listener's thread answered. */
  countAnswered(): void {
    this.answeredCount++;
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
    return safeEqual(expected, given);
  }
}

function safeEqual(expected: string, given: string): boolean {
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}
