import type { Clock } from '../platform/clock';

/** How long after its resend call returned an arrival still counts as that resend (the call is synchronous). */
export const RESEND_GRACE_MS = 30_000;

/** One requested event as a message carries it: event id, calls under way, when the last ended. */
export type ResendEntry = [eventId: number, open: number, endedMs: number];

/**
 * The events the user asked the service to resend, while those resends are under way. A resend
 * arrives long after later events of its order by design, so the listener does not call it
 * out of order (docs/live.md). Shared by History (which asks) and Live (which receives): a
 * feature never imports another.
 */
export class ResendRequests {
  /** Event id -> calls under way for it, and the time the last one ended. */
  private readonly requests = new Map<number, { open: number; endedMs: number }>();
  private readonly listeners = new Set<() => void>();

  constructor(private readonly clock: Clock) {}

  /** Called after every change (the listener's thread keeps a copy: see entries / replace). */
  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** What is requested now, as plain data a message can carry. */
  entries(): ResendEntry[] {
    return [...this.requests].map(([eventId, { open, endedMs }]) => [eventId, open, endedMs]);
  }

  /** Takes over another instance's entries (the copy in the listener's thread). */
  replace(entries: readonly ResendEntry[]): void {
    this.requests.clear();
    for (const [eventId, open, endedMs] of entries) this.requests.set(eventId, { open, endedMs });
  }

  /** Runs a resend of `eventId`; arrivals of that event meanwhile (and shortly after) are expected. */
  async during<T>(eventId: number, resend: () => Promise<T>): Promise<T> {
    const entry = this.requests.get(eventId) ?? { open: 0, endedMs: 0 };
    entry.open += 1;
    this.requests.set(eventId, entry);
    this.changed();
    try {
      return await resend();
    } finally {
      entry.open -= 1;
      entry.endedMs = this.clock.now();
      this.prune();
      this.changed();
    }
  }

  /** Whether an arrival of `eventId` now is one the user asked for. */
  isRequested(eventId: number): boolean {
    const entry = this.requests.get(eventId);
    return entry !== undefined && (entry.open > 0 || this.clock.now() - entry.endedMs <= RESEND_GRACE_MS);
  }

  private changed(): void {
    for (const listener of this.listeners) listener();
  }

  private prune(): void {
    const now = this.clock.now();
    for (const [eventId, entry] of this.requests) {
      if (entry.open === 0 && now - entry.endedMs > RESEND_GRACE_MS) this.requests.delete(eventId);
    }
  }
}
