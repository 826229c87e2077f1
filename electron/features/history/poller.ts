import type { PollerStatus } from '../../../shared/contract/status';
import type { WebhookDelivery } from '../../../shared/service';
import type { Clock } from '../../services/platform/clock';
import type { Logger } from '../../services/kernel/logger';
import { backoffDelay } from './backoff';
import type { HistoryClient } from '../../services/service-api/history-client';
import { HistoryApiError } from '../../services/service-api/errors';
import { whenRequestSent } from '../../services/service-api/request-sent';
import type { HistoryStore } from '../../services/data/history-store';

/** Page size of the cursor rule (see docs/service.md#cursor-rule): the service's maximum. */
export const POLL_PAGE_SIZE = 100;
/** In-flight deliveries re-read per cycle, oldest-checked first, so none starves. */
const IN_FLIGHT_PER_CYCLE = 50;
/**
 * What one poll copies at most before it yields: the rest comes in the next poll, a moment
 * later. The service's totalCount is only a hint (shown as "behind"), never a bound of the loop:
 * a service announcing a billion deliveries, or never ending its pages, costs one budget per poll.
 */
export interface PollBudget {
  readonly pages: number;
  readonly bytes: number;
}
export const DEFAULT_POLL_BUDGET: PollBudget = { pages: 50, bytes: 32 * 1024 * 1024 };
/** The pause between two polls of a copy that is behind: the app's other work runs meanwhile. */
export const CONTINUE_POLL_DELAY_MS = 50;
const BACKOFF_BASE_MS = 1_000;
const BACKOFF_MAX_MS = 60_000;
/** After a cycle during which the listener received something, the next poll comes this soon. */
export const NUDGED_POLL_DELAY_MS = 300;

export interface PollTarget {
  readonly environmentId: string;
  readonly client: HistoryClient;
}

/** What one cycle changed in the local copy. */
export interface CycleResult {
  readonly environmentId: string | null;
  readonly inserted: number;
  readonly updated: number;
  readonly pages: number;
  readonly error: string | null;
  /** The poll stopped at its budget with pages left: the next one comes soon. */
  readonly more?: boolean;
}

export interface PollerDeps {
  readonly store: HistoryStore;
  readonly clock: Clock;
  readonly log: Logger;
  /** The environment to poll now, or null when none is available (sandbox not running yet). */
  readonly target: () => PollTarget | null;
  readonly intervalMs: () => number;
  readonly enabled: () => boolean;
  readonly report: (patch: Partial<PollerStatus>) => void;
  /** Called after each committed page (and in-flight refresh) with what changed. */
  readonly onApplied: (environmentId: string, change: { inserted: number; updated: number; ids: number[] }) => void;
  readonly random?: () => number;
  /** The copy's caps; enforced while copying (see RetentionPace) and after each poll that stored something. */
  readonly retention?: () => { maxDeliveries: number; maxBytes: number };
  /** What one poll copies at most (default DEFAULT_POLL_BUDGET). */
  readonly budget?: PollBudget;
}

/**
 * Keeps the local copy of delivery history up to date with the cursor rule (see docs/service.md#cursor-rule): `id>cursor`,
 * `sorts=id`, `pageSize=100`, page 1 again until a page comes back empty. Each page and the
 * cursor after it are committed in one transaction, so stopping (or being killed) at any point
 * loses and repeats nothing: an uncommitted page is simply asked for again. Deliveries first seen in flight (responseStatusCode 0) are re-read one by one
 * afterwards, because the cursor never comes back to them.
 */
export class HistoryPoller {
  private timer: ReturnType<typeof setTimeout> | null = null;
  private running: Promise<CycleResult> | null = null;
  /** The cycle promised to callers who asked while one was running (see runOnce). */
  private queued: Promise<CycleResult> | null = null;
  /** Bumped by stop(), so a cycle queued before it does not run after it. */
  private generation = 0;
  private abort: AbortController | null = null;
  private stopped = true;
  private failures = 0;
  private fetched = 0;
  /** When the pending timer fires (ms since epoch), or null when none is pending. */
  private nextAt: number | null = null;
  /** A nudge arrived during a cycle: poll again soon after it instead of a full interval. */
  private nudged = false;

  constructor(private readonly deps: PollerDeps) {}

  start(): void {
    this.stopped = false;
    this.schedule(0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.generation++;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.nextAt = null;
    this.nudged = false;
    this.abort?.abort();
    await this.running?.catch(() => undefined);
  }

  /** Starts over on the current target (environment switched, credentials or interval changed). */
  async restart(): Promise<void> {
    const wasRunning = !this.stopped;
    await this.stop();
    this.failures = 0;
    this.fetched = 0;
    if (wasRunning) this.start();
  }

  /**
   * Runs a cycle and returns what it did. A cycle already under way may have passed the point
   * where it would see what the caller just caused (an event sent a moment ago), so the caller
   * gets a fresh cycle that starts after it; callers arriving meanwhile share that one.
   */
  runOnce(): Promise<CycleResult> {
    if (!this.running) return this.startCycle();
    if (!this.queued) {
      const generation = this.generation;
      this.queued = this.running.then((previous) => {
        this.queued = null;
        // stop() or restart() in between: the queued cycle is cancelled with them.
        return generation === this.generation ? this.runOnce() : previous;
      });
    }
    return this.queued;
  }

  private startCycle(): Promise<CycleResult> {
    this.running = this.cycle()
      .finally(() => {
        this.running = null;
        this.abort = null;
      })
      .then((result) => {
        // A poll asked for (Poll now) that stopped at its budget: the rest follows soon, not
        // at the next interval. (A timer-driven poll schedules its own continuation.)
        if (result.more && this.timer !== null) this.schedule(CONTINUE_POLL_DELAY_MS);
        return result;
      });
    return this.running;
  }

  /**
   * Brings the next poll forward to at most `delayMs` from now: the listener just received a
   * delivery, so history has news and waiting a full interval would show it late. Never delays a
   * poll already due sooner (a burst of nudges coalesces into one poll) and never overrides the
   * backoff after errors.
   */
  nudge(delayMs: number): void {
    if (this.stopped || this.failures > 0 || !this.deps.enabled()) return;
    if (this.nextAt !== null && this.nextAt <= this.deps.clock.now() + delayMs) return;
    // A timer-driven cycle is under way (no timer pending): its continuation polls again soon.
    if (this.timer === null && this.running) {
      this.nudged = true;
      return;
    }
    this.schedule(delayMs);
  }

  private schedule(delayMs: number): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.nextAt = null;
    if (this.stopped) return;
    if (!this.deps.enabled()) {
      this.deps.report({ state: 'disabled', nextPollAt: null });
      return;
    }
    this.nextAt = this.deps.clock.now() + delayMs;
    this.deps.report({ nextPollAt: new Date(this.nextAt).toISOString() });
    this.timer = setTimeout(() => {
      this.timer = null;
      this.nextAt = null;
      void this.runOnce().then((result) => {
        const delay = this.failures > 0
          ? backoffDelay(this.failures, BACKOFF_BASE_MS, BACKOFF_MAX_MS, this.deps.random)
          : result.more
            ? CONTINUE_POLL_DELAY_MS
            : this.nudged
              ? NUDGED_POLL_DELAY_MS
              : this.deps.intervalMs();
        this.nudged = false;
        this.schedule(delay);
      });
    }, delayMs);
  }

  private async cycle(): Promise<CycleResult> {
    const target = this.deps.target();
    if (!target) {
      this.deps.report({ state: 'idle', environmentId: null, error: 'no environment is available yet (is the sandbox running?)' });
      return { environmentId: null, inserted: 0, updated: 0, pages: 0, error: 'no environment' };
    }
    const { environmentId, client } = target;
    const abort = new AbortController();
    this.abort = abort;
    let cursor = this.deps.store.cursor(environmentId);
    let inserted = 0;
    let updated = 0;
    let pages = 0;
    const fetchAfter = (after: number) => {
      const request = client.list({ filters: `id>${after}`, sorts: 'id', page: 1, pageSize: POLL_PAGE_SIZE }, abort.signal);
      request.catch(() => undefined); // surfaced when awaited; never an unhandled rejection
      return request;
    };
    // After a failure the status stays red, with its cause, until a cycle succeeds: a retry that
    // showed a green "polling" would hide that every poll is failing.
    this.deps.report(this.failures > 0 ? { environmentId, cursor } : { state: 'polling', environmentId, cursor });
    const budget = this.deps.budget ?? DEFAULT_POLL_BUDGET;
    const retention = new RetentionPace(this.deps.retention?.());
    let copiedBytes = 0;
    let more = false;
    try {
      let next: ReturnType<typeof fetchAfter> | null = fetchAfter(cursor);
      while (next) {
        const page: Awaited<ReturnType<typeof fetchAfter>> = await next;
        const rows = page.webhookEvents;
        if (rows.length === 0) break;
        checkPage(rows.map((d) => d.id), cursor);
        const last = (rows[rows.length - 1] as WebhookDelivery).id;
        const bytes = rows.reduce((n, d) => n + d.payload.length + d.url.length, 0);
        copiedBytes += bytes;
        // Within budget, the next request only needs the new cursor: it goes out first, and the
        // service prepares it while this page is written (the write is synchronous).
        more = pages + 1 >= budget.pages || copiedBytes >= budget.bytes;
        let sent: Promise<void> | null = null;
        if (!more) {
          sent = whenRequestSent(`filters=id%3E${last}&`);
          next = fetchAfter(last);
        } else {
          next = null;
        }
        if (sent) await sent;
        const at = new Date(this.deps.clock.now()).toISOString();
        const applied = this.deps.store.apply(environmentId, rows, last, at);
        cursor = last;
        pages++;
        inserted += applied.inserted;
        updated += applied.updated;
        this.fetched += applied.inserted;
        // Retention keeps pace with the copy, not only after it: a service sending huge payloads
        // never takes the copy far past its caps.
        if (retention.stored(applied.inserted, bytes)) this.enforceRetention(environmentId);
        // A page came through: the service answers again, whatever failed before.
        this.failures = 0;
        this.deps.report({
          state: more || page.totalCount > rows.length ? 'behind' : 'polling',
          cursor,
          fetched: this.fetched,
          lastPollAt: at,
          error: null,
        });
        this.deps.onApplied(environmentId, { ...applied, ids: rows.map((d) => d.id) });
      }
      const refreshed = await this.refreshInFlight(target, abort.signal);
      updated += refreshed;
      if (retention.pending()) this.enforceRetention(environmentId);
      this.failures = 0;
      const lastPollAt = new Date(this.deps.clock.now()).toISOString();
      this.deps.report(more ? { state: 'behind', cursor, lastPollAt, error: null } : { state: 'caught-up', cursor, lastPollAt, error: null });
      return { environmentId, inserted, updated, pages, error: null, more };
    } catch (error) {
      const message = error instanceof HistoryApiError ? error.message : `unexpected failure: ${(error as Error).message}`;
      if (!(error instanceof HistoryApiError && error.kind === 'aborted')) {
        this.failures++;
        this.deps.log.warn('history poll failed', { environmentId, message });
        this.deps.report({ state: 'error', error: message, lastPollAt: new Date(this.deps.clock.now()).toISOString() });
      }
      if (retention.pending()) this.enforceRetention(environmentId);
      return { environmentId, inserted, updated, pages, error: message };
    }
  }

  /** The walk reads every kept row's size: run at RetentionPace's rhythm, not per page. */
  private enforceRetention(environmentId: string): void {
    const limits = this.deps.retention?.();
    if (!limits) return;
    const removed = this.deps.store.enforceRetention(environmentId, limits);
    if (removed > 0) this.deps.log.info('history copy retention removed the oldest deliveries', { environmentId, removed });
  }

  /** Re-reads deliveries our copy holds as in flight and stores their final state. */
  private async refreshInFlight(target: PollTarget, signal: AbortSignal): Promise<number> {
    const ids = this.deps.store.inFlightIds(target.environmentId, IN_FLIGHT_PER_CYCLE);
    const fresh = [];
    for (const id of ids) {
      try {
        fresh.push(await target.client.get(id, signal));
      } catch (error) {
        // A delivery that vanished (404) keeps its last known state; other errors end the cycle.
        if (!(error instanceof HistoryApiError && error.kind === 'not-found')) throw error;
      }
    }
    if (fresh.length === 0) return 0;
    const applied = this.deps.store.apply(target.environmentId, fresh, null, new Date(this.deps.clock.now()).toISOString());
    this.deps.onApplied(target.environmentId, { ...applied, ids: fresh.map((d) => d.id) });
    return applied.updated;
  }
}

/**
 * When retention runs during a poll: each time a quarter of either cap (at most 8 MB or 5,000
 * deliveries) was stored since it last ran, so the copy stays within its caps plus a quarter and
 * one page, however much a poll copies.
 */
class RetentionPace {
  private bytes = 0;
  private rows = 0;
  private readonly everyBytes: number;
  private readonly everyRows: number;

  constructor(limits: { maxDeliveries: number; maxBytes: number } | undefined) {
    this.everyBytes = limits ? Math.min(8 * 1024 * 1024, Math.max(1, Math.floor(limits.maxBytes / 4))) : Infinity;
    this.everyRows = limits ? Math.min(5_000, Math.max(1, Math.floor(limits.maxDeliveries / 4))) : Infinity;
  }

  /** Counts a stored page; true when retention is due now (the counts start again). */
  stored(rows: number, bytes: number): boolean {
    if (rows === 0) return false;
    this.rows += rows;
    this.bytes += bytes;
    if (this.rows < this.everyRows && this.bytes < this.everyBytes) return false;
    this.rows = 0;
    this.bytes = 0;
    return true;
  }

  /** Something was stored since retention last ran. */
  pending(): boolean {
    return this.rows > 0;
  }
}

/**
 * A page must hold ids above the cursor in ascending order; anything else (a service ignoring
 * `sorts=id`, a proxy serving a stale page) would move the cursor past unseen deliveries.
 */
function checkPage(ids: number[], cursor: number): void {
  let previous = cursor;
  for (const id of ids) {
    if (id <= previous) {
      throw new HistoryApiError(
        'unexpected-shape',
        `the service returned delivery ${id} out of order after ${previous}; the page was not stored`,
      );
    }
    previous = id;
  }
}
