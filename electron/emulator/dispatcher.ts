import http from 'node:http';
import https from 'node:https';
import { AsyncLocalStorage } from 'node:async_hooks';
import { setTimeout as delay } from 'node:timers/promises';
import type { HmacSha256 } from '../../shared/signing';
import { serviceDeliveryHeaders } from '../../shared/signing/webhook-headers';
import type { WebhookEvent } from '../../shared/service';
import type { SandboxState } from './state';
import type { DeliveryRecord, StoreRecord } from './types';
import { is2xx } from '../../shared/http/status';
import { lookupFor } from '../services/net/localhost-lookup';

/** Automatic retries after the first attempt (see docs/service.md#delivery-semantics). */
export const AUTOMATIC_RETRIES = 3;

export interface DispatcherOptions {
  hmac: HmacSha256;
  /** Base delay between attempts; attempt n waits n x this (1, 2, 3 x: "a few seconds"). */
  retryDelayMs: number;
  /** Per-attempt timeout; a timeout counts as a connection failure (500, retried). */
  timeoutMs: number;
  /** Random source for chaos; injectable so tests can be deterministic. */
  random?: () => number;
  /** Told of every delivery attempt (automatic retries included), with the run it belongs to. */
  onAttempt?: (attempt: DeliveryAttempt) => void;
}

/** One attempt to deliver, as `onAttempt` hears of it. */
export interface DeliveryAttempt {
  /** The run (a scenario played with a runId) whose deliveries these are; null for any other send. */
  readonly runId: string | null;
  readonly storeId: string;
  /** The receiver's status; 500 for connection failures and timeouts. */
  readonly status: number;
  /** Which attempt of the delivery this was (1 the first) and how many it may take at most. */
  readonly attempt: number;
  readonly maxAttempts: number;
  /** No attempt follows: the delivery ended with this status. */
  readonly final: boolean;
}

/** Result of one URL's delivery of an event. `delivery` is null when it could not be logged. */
export interface DispatchOutcome {
  delivery: DeliveryRecord | null;
  url: string;
  payload: string;
  responseStatusCode: number;
  delivered: boolean;
}

/** The URLs of a portal webhook setting: `;`-separated, surrounding spaces ignored. */
export function configuredUrls(setting: string): string[] {
  return setting
    .split(';')
    .map((u) => u.trim())
    .filter((u) => u !== '');
}

/** Statuses that trigger an automatic retry: connection failures (reported as 500), 5xx, 408. */
export function isRetryable(status: number): boolean {
  return status >= 500 || status === 408;
}

/**
 * Sends webhook deliveries: signs, logs, retries, applies the store's chaos settings.
 * Every send is tracked so close() can cut them short and idle() can wait for them.
 */
export class Dispatcher {
  private readonly abort = new AbortController();
  private readonly pending = new Set<Promise<unknown>>();
  private readonly random: () => number;
  /** Deliveries started inside withDeferredDeliveries, per caller (async context), not awaited by dispatch(). */
  private readonly deferred = new AsyncLocalStorage<Promise<unknown>[]>();
  /** Per store: attempts still to fail without sending, and the status they fail with. */
  private readonly forcedFailures = new Map<string, { remaining: number; status: number }>();
  /** The run the current async context delivers for (see runAs). */
  private readonly runs = new AsyncLocalStorage<string>();

  constructor(
    private readonly state: SandboxState,
    private readonly opts: DispatcherOptions,
  ) {
    this.random = opts.random ?? Math.random;
  }

  /**
   * Delivers an event to every URL of the store's setting; each URL gets its own delivery and
   * so its own event id. Resolves when every delivery, retries included, has finished.
   */
  dispatch(store: StoreRecord, event: WebhookEvent): Promise<DispatchOutcome[]> {
    const deferred = this.deferred.getStore();
    const payload = JSON.stringify(event);
    const eventCreated = this.state.nowIso();
    // Ids are allocated here, synchronously and in order, before any await.
    const jobs = configuredUrls(store.webhookUrl).map((url) => {
      const logged = this.random() >= store.chaos.unloggedRate;
      let delivery: DeliveryRecord | null = null;
      if (logged) {
        const id = this.state.nextDeliveryId();
        delivery = this.newRecord(store, id, id, event.type, eventCreated, url, payload);
        this.state.logDelivery(delivery);
      }
      const done = this.track(this.deliver(store, url, payload, delivery, eventCreated));
      if (!deferred) return done;
      // Answered at once with the outcome so far; completed in place when the delivery ends.
      const outcome: DispatchOutcome = { delivery, url, payload, responseStatusCode: 0, delivered: false };
      deferred.push(done.then((final) => Object.assign(outcome, final)));
      return Promise.resolve(outcome);
    });
    return Promise.all(jobs);
  }

  /**
   * Runs `steps` (a scenario) without waiting for each event's deliveries before the next
   * event, then waits for all of them: the store's reorder window can then reorder a
   * scenario's events as it does concurrent sends. The outcomes the steps got are completed in
   * place before this resolves. Only dispatches of this async context are deferred.
   */
  async withDeferredDeliveries<T>(steps: () => Promise<T>): Promise<T> {
    const deferred: Promise<unknown>[] = [];
    const result = await this.deferred.run(deferred, steps);
    await Promise.all(deferred);
    return result;
  }

  /** Runs `steps` so that the attempts of the deliveries they start are reported with `runId`. */
  runAs<T>(runId: string, steps: () => Promise<T>): Promise<T> {
    return this.runs.run(runId, steps);
  }

  /** Builds a delivery record in the in-flight state (responseStatusCode 0). */
  newRecord(
    store: StoreRecord,
    id: number,
    eventId: number,
    eventType: string,
    eventCreated: string,
    url: string,
    payload: string,
  ): DeliveryRecord {
    const ms = this.state.clock.now();
    return {
      id,
      storeId: store.storeId,
      eventId,
      eventType,
      eventCreated,
      url,
      payload,
      responseStatusCode: 0,
      delivered: false,
      created: new Date(ms).toISOString(),
      createdMs: ms,
    };
  }

  private async deliver(
    store: StoreRecord,
    url: string,
    payload: string,
    delivery: DeliveryRecord | null,
    eventCreated: string,
  ): Promise<DispatchOutcome> {
    const headers = this.headers(store, payload, delivery ? delivery.eventId : null, eventCreated);
    const window = store.chaos.reorderWindowMs;
    if (window > 0) await this.wait(Math.floor(this.random() * window));
    const status = await this.sendWithRetries(store, url, payload, headers, AUTOMATIC_RETRIES);
    if (this.random() < store.chaos.duplicateRate) await this.send(url, payload, headers);
    if (delivery) this.complete(delivery, status);
    return { delivery, url, payload, responseStatusCode: status, delivered: is2xx(status) };
  }

  /** Records the final status of a delivery (0 stays if the sandbox closed meanwhile). */
  complete(delivery: DeliveryRecord, status: number): void {
    if (this.abort.signal.aborted) return;
    delivery.responseStatusCode = status;
    delivery.delivered = is2xx(status);
    this.state.updateDelivery(delivery);
  }

  /** The three X-Svc-* headers; the id headers are left out for unlogged deliveries (see docs/service.md#unlogged-deliveries). */
  headers(
    store: StoreRecord,
    payload: string,
    eventId: number | null,
    eventCreated: string,
  ): Record<string, string> {
    const logged = eventId !== null;
    return Object.fromEntries(
      serviceDeliveryHeaders(this.opts.hmac, store.webhookKey, payload, {
        eventId: logged ? String(eventId) : null,
        eventCreated: logged ? eventCreated : null,
      }),
    );
  }

  /** One attempt plus up to `retries` more on retryable outcomes; returns the last status. */
  async sendWithRetries(
    store: StoreRecord,
    url: string,
    payload: string,
    headers: Record<string, string>,
    retries: number,
  ): Promise<number> {
    const maxAttempts = retries + 1;
    const report = (status: number, attempt: number) => {
      const final = attempt === maxAttempts || !isRetryable(status);
      this.opts.onAttempt?.({ runId: this.runs.getStore() ?? null, storeId: store.storeId, status, attempt, maxAttempts, final });
      return status;
    };
    let status = report(await this.attempt(store, url, payload, headers), 1);
    for (let attempt = 1; attempt <= retries && isRetryable(status); attempt++) {
      if (this.abort.signal.aborted) return 0;
      await this.wait(this.opts.retryDelayMs * attempt);
      status = report(await this.attempt(store, url, payload, headers), attempt + 1);
    }
    return status;
  }

  /**
   * Makes the store's next `count` delivery attempts (automatic retries and resends included)
   * fail with `status` without reaching the receiver, so an integrator's tests can see the
   * service's retries and pending events deterministically. A count of 0 clears it.
   */
  failNext(storeId: string, count: number, status: number): void {
    if (count > 0) this.forcedFailures.set(storeId, { remaining: count, status });
    else this.forcedFailures.delete(storeId);
  }

  /** One attempt of a store's delivery: a forced failure while any is left, else a real POST. */
  attempt(store: StoreRecord, url: string, payload: string, headers: Record<string, string>): Promise<number> {
    const forced = this.forcedFailures.get(store.storeId);
    if (!forced) return this.send(url, payload, headers);
    if (--forced.remaining <= 0) this.forcedFailures.delete(store.storeId);
    return Promise.resolve(forced.status);
  }

  /** One POST; resolves to the receiver's status, or 500 for connection failures and timeouts. */
  send(url: string, payload: string, headers: Record<string, string>): Promise<number> {
    return new Promise((resolve) => {
      if (this.abort.signal.aborted) return resolve(0);
      let target: URL;
      try {
        target = new URL(url);
      } catch {
        return resolve(500);
      }
      const lib = target.protocol === 'https:' ? https : target.protocol === 'http:' ? http : null;
      if (!lib) return resolve(500);
      const body = Buffer.from(payload, 'utf8');
      const req = lib.request(target, {
        method: 'POST',
        headers: { ...headers, 'Content-Length': String(body.length) },
        timeout: this.opts.timeoutMs,
        signal: this.abort.signal,
        agent: false,
        // `<sub>.localhost` is this machine (RFC 6761), whatever the system's resolver says.
        ...lookupFor(target.hostname),
      });
      req.on('response', (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 500));
        res.on('error', () => resolve(res.statusCode ?? 500));
      });
      req.on('timeout', () => req.destroy(new Error('timeout')));
      req.on('error', () => resolve(this.abort.signal.aborted ? 0 : 500));
      req.end(body);
    });
  }

  private async wait(ms: number): Promise<void> {
    if (ms <= 0) return;
    try {
      await delay(ms, undefined, { signal: this.abort.signal });
    } catch {
      // Aborted by close(): the caller sees the aborted signal and stops.
    }
  }

  /** Registers a promise so idle() and close() know about it. */
  track<T>(p: Promise<T>): Promise<T> {
    this.pending.add(p);
    void p.finally(() => this.pending.delete(p)).catch(() => {});
    return p;
  }

  /** Resolves once every delivery started so far (and any started meanwhile) has finished. */
  async idle(): Promise<void> {
    while (this.pending.size > 0) await Promise.allSettled([...this.pending]);
  }

  /** Cuts in-flight deliveries short; their history entries keep responseStatusCode 0. */
  async close(): Promise<void> {
    this.abort.abort();
    await this.idle();
  }
}
