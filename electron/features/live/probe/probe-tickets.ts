import { timingSafeEqual } from 'node:crypto';

/** How long an issued probe may take to arrive. */
export const PROBE_LIFETIME_MS = 60_000;

/**
 * A probe the app sent, as the listener needs it: the signature its request carries (its
 * X-Svc-Hmac-Sha256, made with this run's probe key), the SHA-256 of its body, and the proof to
 * answer with.
 */
export interface ProbeTicket {
  readonly signature: string;
  readonly bodySha256: string;
  readonly proof: string;
  readonly expiresAtMs: number;
}

/**
 * The listener's side of the probes: the ones issued and not yet answered, by signature. It
 * holds no key (the listener's thread gets each ticket by message as the app issues it), and a
 * probe is recognised by its signature alone: its headers, user agent, path and body are a
 * webhook's like any other.
 */
export class ProbeTickets {
  private readonly tickets = new Map<string, ProbeTicket>();

  constructor(private readonly now: () => number = Date.now) {}

  add(ticket: ProbeTicket): void {
    this.tickets.set(ticket.signature, ticket);
  }

  /** Whether a request with this signature may be a probe (one lookup per delivery). */
  has(signature: string): boolean {
    return this.tickets.has(signature.trim());
  }

  /**
   * The proof to answer with when a request carries an issued, unused, unexpired signature over
   * exactly the body it was issued for; null otherwise (then the request is a delivery).
   */
  redeem(signature: string, bodySha256: string): string | null {
    const now = this.now();
    for (const [s, t] of this.tickets) if (t.expiresAtMs < now) this.tickets.delete(s);
    const ticket = this.tickets.get(signature.trim());
    if (!ticket || !safeEqual(ticket.bodySha256, bodySha256)) return null;
    this.tickets.delete(ticket.signature);
    return ticket.proof;
  }
}

/** Equal strings, compared in constant time. */
export function safeEqual(expected: string, given: string): boolean {
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}
