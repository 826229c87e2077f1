import { AccessTokenSchema } from '../../../shared/service';
import type { Clock } from '../platform/clock';
import { HistoryApiError } from './errors';
import { describeErrorBody, parseBody, sendRequest } from './http';

export interface TokenManagerOptions {
  readonly baseUrl: string;
  readonly clientId: string;
  readonly clientSecret: string | undefined;
  readonly fetch: typeof fetch;
  readonly clock: Clock;
  readonly timeoutMs: number;
}

interface HeldToken {
  readonly value: string;
  readonly refreshAt: number;
}

/**
 * Holds one access token per connection. It is refreshed before `expiresIn` runs out (at 80% of
 * its life, at most a minute early), concurrent callers share one refresh, and the value never
 * leaves this object except as a bearer header.
 */
export class TokenManager {
  private held: HeldToken | null = null;
  private pending: Promise<HeldToken> | null = null;
  /** Number of POST /token calls made, for status and tests. */
  issued = 0;

  constructor(private readonly options: TokenManagerOptions) {}

  async token(signal?: AbortSignal): Promise<string> {
    const now = this.options.clock.now();
    if (this.held && now < this.held.refreshAt) return this.held.value;
    this.pending ??= this.fetchToken(signal).finally(() => (this.pending = null));
    this.held = await this.pending;
    return this.held.value;
  }

  /** Forget a token the service refused, so the next call fetches a new one. */
  invalidate(value: string): void {
    if (this.held?.value === value) this.held = null;
  }

  private async fetchToken(signal?: AbortSignal): Promise<HeldToken> {
    const { baseUrl, clientId, clientSecret } = this.options;
    if (!clientSecret) {
      throw new HistoryApiError('missing-credentials', 'no client secret is set for this environment (Settings, Environments)');
    }
    const started = this.options.clock.now();
    const res = await sendRequest(
      this.options.fetch,
      `${baseUrl.replace(/\/+$/, '')}/token`,
      { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ clientId, clientSecret }) },
      this.options.timeoutMs,
      signal,
    );
    if (res.status === 400 || res.status === 401 || res.status === 403) {
      throw new HistoryApiError(
        'bad-credentials',
        `the service refused the client id and secret (${res.status}); check them in Settings, Environments`,
        res.status,
      );
    }
    if (res.status >= 500) {
      throw new HistoryApiError('server', `the token service failed (${res.status}: ${describeErrorBody(res.text)})`, res.status);
    }
    if (res.status !== 200) {
      throw new HistoryApiError('bad-request', `the token call answered ${res.status}: ${describeErrorBody(res.text)}`, res.status);
    }
    const token = parseBody(res.text, AccessTokenSchema, 'the token call');
    this.issued++;
    const lifeMs = Math.max(0, token.expiresIn * 1000);
    const margin = Math.min(60_000, lifeMs * 0.2);
    return { value: token.accessToken, refreshAt: started + lifeMs - margin };
  }
}
