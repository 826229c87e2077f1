import { CallError } from '../../../shared/contract/errors';
import type { Clock } from '../platform/clock';
import type { Connection } from '../environments/environments';
import { HistoryClient } from './history-client';
import { HistoryApiError } from './errors';

/**
 * One client (and so one cached token) per environment connection. A changed URL, client id or
 * secret gives a new client, so an edited environment never reuses the old token.
 */
export class ClientPool {
  private readonly clients = new Map<string, { key: string; client: HistoryClient }>();

  constructor(
    private readonly fetchFn: typeof fetch,
    private readonly clock: Clock,
    private readonly timeoutMs?: number,
  ) {}

  for(connection: Connection): HistoryClient {
    const key = JSON.stringify([connection.baseUrl, connection.apiV3Url, connection.clientId, connection.clientSecret ?? '']);
    const held = this.clients.get(connection.id);
    if (held && held.key === key) return held.client;
    const client = new HistoryClient({
      connection,
      fetch: this.fetchFn,
      clock: this.clock,
      ...(this.timeoutMs !== undefined ? { timeoutMs: this.timeoutMs } : {}),
    });
    this.clients.set(connection.id, { key, client });
    return client;
  }
}

/** Maps a client error to the contract's error codes, keeping its message for the user. */
export function toCallError(error: unknown): Error {
  if (!(error instanceof HistoryApiError)) return error as Error;
  switch (error.kind) {
    case 'not-found':
      return new CallError('not-found', error.message);
    case 'invalid-page':
    case 'invalid-page-size':
    case 'bad-request':
    case 'rejected-query':
      return new CallError('invalid-args', error.message);
    case 'redirected':
    case 'missing-credentials':
    case 'bad-credentials':
    case 'unauthorized':
    case 'timeout':
    case 'network':
      return new CallError('unavailable', error.message);
    default:
      return new CallError('upstream', error.message);
  }
}
