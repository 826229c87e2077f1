import type { ForwardResult } from '../../../../shared/contract/live';
import type { WebhookDelivery } from '../../../../shared/service';

/** One request read from an imported file, before Hooklab judges it. */
export interface ImportedRequest {
  /** When the sender's tool saw it (the HAR's startedDateTime, the bundle's receivedAt). */
  readonly receivedAtMs: number;
  readonly method: string;
  /** The path and query the request was sent to (what the listener stores as its path). */
  readonly path: string;
  /** Name/value pairs in the file's order (HTTP/2 pseudo headers left out, `:authority` as Host). */
  readonly headers: ReadonlyArray<readonly [string, string]>;
  readonly body: Uint8Array;
  /** The answer the file records (a HAR's response status), null when none. */
  readonly answeredStatus: number | null;
  /** The signature verdict the sender's Hooklab showed, when the file says (compared, never stored as ours). */
  readonly senderSignature: string | null;
  /** The sender's redacted export left the body out (`body-withheld`): its bytes say nothing of duplicates. */
  readonly bodyWithheld: boolean;
  /** What the sender's handlers answered when their listener forwarded it (none when the file does not say). */
  readonly forwards: readonly ForwardResult[];
}

/** What a file holds: its requests, and for a bundle its note and throwaway signing key. */
export interface ImportedFile {
  readonly kind: 'har' | 'bundle';
  readonly requests: readonly ImportedRequest[];
  readonly note: string | null;
  /** A bundle's throwaway key: judges its deliveries, and is kept as a Replay key (encrypted in the secrets, never sent to a window). */
  readonly signingKey: string | null;
  /** A bundle's service history rows for its deliveries' events (the sender's service's, never this folder's); none for a HAR. */
  readonly history: readonly WebhookDelivery[];
}

/** A time from the file, or `fallback` when it has none or it does not parse. */
export function timeOf(text: unknown, fallback: number): number {
  if (typeof text !== 'string') return fallback;
  const ms = Date.parse(text);
  return Number.isFinite(ms) ? ms : fallback;
}

/** Path and query of a request URL ("/" for a bare origin); null when it is not a URL. */
export function pathOf(url: string): string | null {
  if (url.startsWith('/')) return url;
  try {
    const parsed = new URL(url);
    return `${parsed.pathname || '/'}${parsed.search}`;
  } catch {
    return null;
  }
}

/** Whether a delivery's `flags` (a HAR's `_hooklab.flags`, a bundle's) say its body was left out. */
export const withheld = (flags: unknown): boolean => Array.isArray(flags) && flags.includes('body-withheld');

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
export { isRecord };
