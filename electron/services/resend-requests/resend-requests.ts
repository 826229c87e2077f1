import type { Clock } from '../platform/clock';

/** How long after its resend call returned an arrival still counts as that resend (the call is synchronous). */
export const RESEND_GRACE_MS = 30_000;

/**
 * The events the user asked the service to resend, while those resends are under way. A resend
 * arrives long after later events of its order by design, so the listener does not call it
 * out of order (docs/live.md). Shared by History (which asks) and Live (which receives): a
 * feature never imports another.
 */
export class ResendRequests {
  /** Event id -> calls under way for it, and the time the last one ended. */
  private readonly requests = new Map<number, { open: number; endedMs: number }>();

  constructor(private readonly clock: Clock) {}

  /** Runs a resend of `eventId`; arrivals of that event meanwhile (and shortly after) are expected. */
  async during<T>(eventId: number, resend: () => Promise<T>): Promise<T> {
    const entry = this.requests.get(eventId) ?? { open: 0, endedMs: 0 };
    entry.open += 1;
    this.requests.set(eventId, entry);
    try {
      return await resend();
    } finally {
      entry.open -= 1;
      entry.endedMs = this.clock.now();
      this.prune();
    }
  }

  /** Whether an arrival of `eventId` now is one the user asked for. */
  isRequested(eventId: number): boolean {
    const entry = this.requests.get(eventId);
    return entry !== undefined && (entry.open > 0 || this.clock.now() - entry.endedMs <= RESEND_GRACE_MS);
  }

  private prune(): void {
    const now = this.clock.now();
    for (const [eventId, entry] of this.requests) {
      if (entry.open === 0 && now - entry.endedMs > RESEND_GRACE_MS) this.requests.delete(eventId);
    }
  }
}
