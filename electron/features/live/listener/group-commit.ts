/**
 * Group commit: work items that arrive close together are written in one transaction, and
 * each caller's promise settles only after that transaction committed. With synchronous=FULL
 * one fsync per row caps ingest near 7k rows/s; one fsync per batch does not.
 */
export class GroupCommitter<T, R> {
  private queue: Array<{ item: T; resolve: (r: R) => void; reject: (e: unknown) => void }> = [];
  private scheduled = false;

  constructor(
    private readonly commit: (items: T[]) => R[],
    private readonly maxBatch = 1000,
  ) {}

  /** Queues one item; resolves with its result once its batch is durable. */
  submit(item: T): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      this.queue.push({ item, resolve, reject });
      if (!this.scheduled) {
        this.scheduled = true;
        // setImmediate runs after pending I/O callbacks, so every request whose body finished
        // in this turn of the event loop joins the same batch.
        setImmediate(() => this.flush());
      }
    });
  }

  private flush(): void {
    this.scheduled = false;
    while (this.queue.length > 0) {
      const batch = this.queue.splice(0, this.maxBatch);
      let results: R[];
      try {
        results = this.commit(batch.map((b) => b.item));
      } catch (error) {
        for (const b of batch) b.reject(error);
        continue;
      }
      batch.forEach((b, i) => b.resolve(results[i]!));
    }
  }
}
