import type { IncomingMessage } from 'node:http';
import type { AccessToken } from '../../shared/service';
import { isRecord } from '../../shared/validation/is-record';
import { genericError } from './http';
import { randomId, type SandboxState } from './state';
import type { StoreRecord } from './types';

interface IssuedToken {
  storeId: string;
  expiresAtMs: number;
}

/**
 * Access tokens (see docs/service.md#authentication). Tokens live in memory only: after a restart clients get 401
 * and must fetch a new one, which is exactly the refresh path they need to handle anyway.
 */
export class TokenIssuer {
  private readonly tokens = new Map<string, IssuedToken>();

  constructor(
    private readonly state: SandboxState,
    private readonly lifetimeSeconds: number,
  ) {}

  /** POST /token: client credentials -> access token; 401 on bad credentials. */
  issue(body: unknown): AccessToken {
    const clientId = isRecord(body) ? body.clientId : undefined;
    const clientSecret = isRecord(body) ? body.clientSecret : undefined;
    if (typeof clientId !== 'string' || typeof clientSecret !== 'string')
      throw genericError(401, 'clientId and clientSecret are required');
    const store = this.state.storesByClientId.get(clientId);
    if (!store || store.clientSecret !== clientSecret)
      throw genericError(401, 'invalid client credentials');
    this.sweep();
    const accessToken = randomId('at_', 24);
    this.tokens.set(accessToken, {
      storeId: store.storeId,
      expiresAtMs: this.state.clock.now() + this.lifetimeSeconds * 1000,
    });
    return { accessToken, tokenType: 'Bearer', expiresIn: this.lifetimeSeconds };
  }

  /**
   * The store bound to the request's bearer value: an unexpired access token, or (when
   * `allowSecretKey`, for payment-link calls, see docs/service.md#authentication) the store's secret key.
   */
  authenticate(req: IncomingMessage, allowSecretKey: boolean): StoreRecord {
    const header = req.headers.authorization ?? '';
    const m = /^Bearer\s+(\S+)\s*$/i.exec(header);
    if (!m) throw genericError(401, 'missing bearer token');
    const value = m[1]!;
    const token = this.tokens.get(value);
    if (token) {
      if (token.expiresAtMs <= this.state.clock.now()) {
        this.tokens.delete(value);
        throw genericError(401, 'the access token has expired');
      }
      const store = this.state.stores.get(token.storeId);
      if (store) return store;
    }
    if (allowSecretKey) {
      const store = this.state.storesBySecretKey.get(value);
      if (store) return store;
    }
    throw genericError(401, 'invalid bearer token');
  }

  /** Drops expired tokens so a long-running sandbox does not accumulate them. */
  private sweep(): void {
    const now = this.state.clock.now();
    for (const [k, t] of this.tokens) if (t.expiresAtMs <= now) this.tokens.delete(k);
  }
}
