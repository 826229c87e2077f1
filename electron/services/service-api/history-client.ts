import { WebhookDeliverySchema, type DeliveryListResponse, type WebhookDelivery } from '../../../shared/service';
import type { Clock } from '../platform/clock';
import { parseDeliveryList } from './delivery-list-shape';
import { HistoryApiError } from './errors';
import { describeErrorBody, parseBody, sendRequest, type HttpResult } from './http';
import { TokenManager } from './token-manager';

export interface HistoryConnection {
  readonly baseUrl: string;
  readonly apiV3Url: string;
  readonly clientId: string;
  readonly clientSecret: string | undefined;
}

export interface HistoryClientOptions {
  readonly connection: HistoryConnection;
  readonly fetch: typeof fetch;
  readonly clock: Clock;
  /** Deadline of one HTTP exchange; a hung service becomes a `timeout` error. */
  readonly timeoutMs?: number;
}

/** Query of GET {api_v3_url}/WebhookEvents (see docs/service.md#list-deliveries); omitted values take the service's defaults. */
export interface ListQuery {
  readonly filters?: string;
  readonly sorts?: string;
  readonly page?: number;
  readonly pageSize?: number;
}

/**
 * The delivery-history API (see docs/service.md#delivery-history-api) with the token lifecycle (see docs/service.md#authentication): a 401 refreshes the
 * token once and retries once. Every status (see docs/service.md#delivery-history-errors) becomes a HistoryApiError with its own
 * message. Query values go through URLSearchParams, so `id>5` is sent as `id%3E5` (a raw `>`
 * gets 404 from the service).
 */
export class HistoryClient {
  readonly tokens: TokenManager;
  private readonly v3: string;
  private readonly timeoutMs: number;

  constructor(private readonly options: HistoryClientOptions) {
    this.timeoutMs = options.timeoutMs ?? 15_000;
    this.tokens = new TokenManager({ ...options.connection, fetch: options.fetch, clock: options.clock, timeoutMs: this.timeoutMs });
    this.v3 = options.connection.apiV3Url.replace(/\/+$/, '');
  }

  async list(query: ListQuery, signal?: AbortSignal): Promise<DeliveryListResponse> {
    const params = new URLSearchParams();
    if (query.filters) params.set('filters', query.filters);
    if (query.sorts) params.set('sorts', query.sorts);
    if (query.page !== undefined) params.set('page', String(query.page));
    if (query.pageSize !== undefined) params.set('pageSize', String(query.pageSize));
    const qs = params.toString();
    const res = await this.authorized('GET', `${this.v3}/WebhookEvents${qs ? `?${qs}` : ''}`, signal);
    if (res.status === 400) {
      if (query.page !== undefined && query.page < 1) throw new HistoryApiError('invalid-page', 'page must be 1 or more', 400);
      if (query.pageSize !== undefined && query.pageSize <= 0) {
        throw new HistoryApiError('invalid-page-size', 'pageSize must be 1 or more (values above 100 become 100)', 400);
      }
      throw new HistoryApiError('bad-request', `the service rejected the query: ${describeErrorBody(res.text)}`, 400);
    }
    if (res.status === 404) {
      throw new HistoryApiError(
        'rejected-query',
        'the service rejected the query string (404): a filter value was not URL-encoded, or the address is wrong',
        404,
      );
    }
    this.expectOk(res, 'the delivery list');
    const list = parseDeliveryList(res.text, 'the delivery list');
    const allowed = effectivePageSize(query.pageSize);
    if (list.webhookEvents.length > allowed) {
      // More than asked for is not a page: storing it would let the service push any amount.
      throw new HistoryApiError(
        'oversized-page',
        `the service answered a page of ${list.webhookEvents.length} deliveries when at most ${allowed} were asked for; the page was not stored`,
      );
    }
    return list;
  }

  async get(id: number, signal?: AbortSignal): Promise<WebhookDelivery> {
    const res = await this.authorized('GET', `${this.v3}/WebhookEvents/${encodeURIComponent(String(id))}`, signal);
    if (res.status === 404) throw notFound(id);
    this.expectOk(res, `delivery ${id}`);
    return parseBody(res.text, WebhookDeliverySchema, `delivery ${id}`);
  }

  /** Resends delivery `id`; the returned delivery's `delivered` says whether the receiver took it. */
  async resend(id: number, signal?: AbortSignal): Promise<WebhookDelivery> {
    const res = await this.authorized('POST', `${this.v3}/WebhookEvents/${encodeURIComponent(String(id))}/Resend`, signal);
    if (res.status === 400) {
      throw new HistoryApiError('no-webhook', 'the store has no webhook URL configured (set one in the merchant portal)', 400);
    }
    if (res.status === 404) throw notFound(id);
    if (res.status === 500) {
      throw new HistoryApiError(
        'resend-not-logged',
        'the service could not log the resend (500); retrying is safe: every resend carries the same event id',
        500,
      );
    }
    this.expectOk(res, `the resend of ${id}`);
    return parseBody(res.text, WebhookDeliverySchema, `the resend of ${id}`);
  }

  private expectOk(res: HttpResult, what: string): void {
    if (res.status === 200) return;
    if (res.status >= 500) {
      throw new HistoryApiError('server', `the service failed on ${what} (${res.status}: ${describeErrorBody(res.text)})`, res.status);
    }
    throw new HistoryApiError('bad-request', `the service answered ${res.status} for ${what}: ${describeErrorBody(res.text)}`, res.status);
  }

  private async authorized(method: string, url: string, signal?: AbortSignal): Promise<HttpResult> {
    const send = async (token: string) =>
      sendRequest(
        this.options.fetch,
        url,
        { method, headers: { authorization: `Bearer ${token}`, accept: 'application/json' } },
        this.timeoutMs,
        signal,
      );
    const first = await this.tokens.token(signal);
    const res = await send(first);
    if (res.status !== 401) return res;
    this.tokens.invalidate(first);
    const retried = await send(await this.tokens.token(signal));
    if (retried.status === 401) {
      throw new HistoryApiError('unauthorized', 'the service refused a fresh access token (401); check the environment credentials', 401);
    }
    return retried;
  }
}

/** The page size the service applies (4.7): 50 when omitted, at most 100. */
export function effectivePageSize(asked: number | undefined): number {
  return Math.min(asked ?? 50, 100);
}

function notFound(id: number): HistoryApiError {
  return new HistoryApiError('not-found', `delivery ${id} does not exist or belongs to another store`, 404);
}
