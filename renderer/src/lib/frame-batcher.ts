/**
 * Queues items that arrive in bursts (live events) and hands them over once per animation
 * frame, so a burst of 1,000 events/s is a few dozen store updates, not 1,000 renders.
 */
export interface FrameBatcher<T> {
  push(item: T): void;
  pushAll(items: readonly T[]): void;
  /** Applies what is queued now (tests, unmount). */
  flush(): void;
  dispose(): void;
}

type Scheduler = (cb: () => void) => unknown;

// Looked up loosely so this module also runs in Node (its unit test).
const raf = (globalThis as { requestAnimationFrame?: (cb: () => void) => number }).requestAnimationFrame;
const defaultSchedule: Scheduler = (cb) => (raf ? raf.call(globalThis, () => cb()) : setTimeout(cb, 16));

export function createFrameBatcher<T>(apply: (items: T[]) => void, schedule: Scheduler = defaultSchedule): FrameBatcher<T> {
  let queue: T[] = [];
  let scheduled = false;
  let disposed = false;
  const flush = () => {
    scheduled = false;
    if (queue.length === 0) return;
    const items = queue;
    queue = [];
    apply(items);
  };
  const request = () => {
    if (scheduled || disposed) return;
    scheduled = true;
    schedule(flush);
  };
  return {
    push(item) {
      if (disposed) return;
      queue.push(item);
      request();
    },
    pushAll(items) {
      if (disposed || items.length === 0) return;
      for (const item of items) queue.push(item);
      request();
    },
    flush,
    dispose() {
      disposed = true;
      queue = [];
    },
  };
}
