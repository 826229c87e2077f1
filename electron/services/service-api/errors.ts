/**
 * Every way a delivery-history call can fail, each with its own sentence for the user. The
 * poller decides whether to retry from `retryable`; the UI shows `message` as is.
 */
export type HistoryErrorKind =
  | 'missing-credentials'
  | 'bad-credentials'
  | 'unauthorized'
  | 'invalid-page'
  | 'invalid-page-size'
  | 'bad-request'
  | 'rejected-query'
  | 'not-found'
  | 'no-webhook'
  | 'resend-not-logged'
  | 'server'
  | 'redirected'
  | 'timeout'
  | 'network'
  | 'malformed'
  | 'unexpected-shape'
  | 'too-large'
  | 'oversized-page'
  | 'aborted';

const RETRYABLE: ReadonlySet<HistoryErrorKind> = new Set([
  'server',
  'timeout',
  'network',
  'malformed',
  'unexpected-shape',
  'resend-not-logged',
  'unauthorized',
]);

export class HistoryApiError extends Error {
  constructor(
    readonly kind: HistoryErrorKind,
    message: string,
    /** HTTP status, when the service answered at all. */
    readonly status: number | null = null,
  ) {
    super(message);
    this.name = 'HistoryApiError';
  }

  /** Whether the same call may succeed later by itself (the poller backs off and retries). */
  get retryable(): boolean {
    return RETRYABLE.has(this.kind);
  }
}
