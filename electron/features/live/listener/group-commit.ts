/** How a GroupCommitter waits for a write lock another connection holds. */
export interface BusyPolicy {
  /** Whether a failed commit only found the lock taken (nothing was written). */
  readonly isBusy: (error: unknown) => boolean;
  /** How long one batch may wait for the lock before its items are rejected. */
  readonly giveUpAfterMs: number;
  readonly now: () => number;
}

/** Tries on the next turns of the event loop this long, then once a millisecond. */
const EAGER_RETRY_MS = 2;

/**
 * When a write that found the lock taken `waitedMs` ago may try again, or null when it has
 * waited long enough (or failed for another reason) and must fail now. The one rule of both
 * the committer and whenLockFree.
 */
function retryAfterBusy(error: unknown, waitedMs: number, busy: BusyPolicy | undefined): ((run: () => void) => void) | null {
  if (!busy?.isBusy(error) || waitedMs >= busy.giveUpAfterMs) return null;
  return waitedMs < EAGER_RETRY_MS ? (run) => setImmediate(run) : (run) => setTimeout(run, 1);
}

/**
 * Group commit: work items that arrive close together are written in one transaction, and
 * each caller's promise settles only after that transaction committed. With synchronous=FULL
 * one fsync per row caps ingest near 7k rows/s; one fsync per batch does not.
 *
 * With a BusyPolicy, a commit that finds the write lock taken (the app's main thread indexing
 * search or copying history) is not waited out inside SQLite, whose busy handler sleeps the
 * whole thread 1, 2, 5, 10... ms at a time: the batch stays queued, the event loop goes on
 * reading requests (they join the batch), and the commit is tried again on the next turns.
 */
export class GroupCommitter<T, R> {
  private queue: Array<{ item: T; resolve: (r: R) => void; reject: (e: unknown) => void }> = [];
  private scheduled = false;
  /** When the lock was first found taken, while it still is. */
  private busySince: number | null = null;

  private readonly maxBatch: number;
  private readonly busy: BusyPolicy | undefined;
  private readonly onFailed: (error: unknown) => void;

  /** `onFailed` hears once per batch that could not be committed (its items are rejected). */
  constructor(
    private readonly commit: (items: T[]) => R[],
    options: { maxBatch?: number; busy?: BusyPolicy; onFailed?: (error: unknown) => void } = {},
  ) {
    this.maxBatch = options.maxBatch ?? 1000;
    this.busy = options.busy;
    this.onFailed = options.onFailed ?? (() => {});
  }

  /** Queues one item; resolves with its result once its batch is durable. */
  submit(item: T): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      this.queue.push({ item, resolve, reject });
      if (!this.scheduled) {
        this.scheduled = true;
        // setImmediate runs after pending I/O callbacks, so every request whose body finished
        // in this turn of the event loop joins the same batch. One more turn lets in the next
        // requests of the senders the previous batch just answered: under load they otherwise
        // form a small batch of their own, and each commit costs its page writes and fsync
        // whatever its size. With
        // nothing else to do the loop does not wait between the two turns.
        setImmediate(() => setImmediate(() => this.flush()));
      }
    });
  }

  private flush(): void {
    this.scheduled = false;
    while (this.queue.length > 0) {
      const batch = this.queue.slice(0, this.maxBatch);
      let results: R[];
      try {
        results = this.commit(batch.map((b) => b.item));
      } catch (error) {
        if (this.waitForLock(error)) return;
        this.queue.splice(0, batch.length);
        this.onFailed(error);
        for (const b of batch) b.reject(error);
        continue;
      }
      this.busySince = null;
      this.queue.splice(0, batch.length);
      batch.forEach((b, i) => b.resolve(results[i]!));
    }
  }

  /** True when the batch stays queued for another try; false when it fails now. */
  private waitForLock(error: unknown): boolean {
    const now = this.busy?.now() ?? 0;
    const retry = retryAfterBusy(error, now - (this.busySince ?? now), this.busy);
    if (!retry) {
      this.busySince = null;
      return false;
    }
    this.busySince ??= now;
    this.scheduled = true;
    retry(() => this.flush());
    return true;
  }
}

/**
 * Runs a write that needs the lock outside a batch (retention after a settings change), trying
 * again on busy as the committer does, without sleeping the thread.
 */
export async function whenLockFree<R>(write: () => R, busy: BusyPolicy): Promise<R> {
  const since = busy.now();
  for (;;) {
    try {
      return write();
    } catch (error) {
      const retry = retryAfterBusy(error, busy.now() - since, busy);
      if (!retry) throw error;
      await new Promise<void>((resolve) => retry(resolve));
    }
  }
}
