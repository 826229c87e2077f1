import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createThrottle } from '../../../../../renderer/src/lib/throttle';

describe('createThrottle', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-11-27T10:00:00Z'));
  });
  afterEach(() => vi.useRealTimers());

  it('runs at once with now(), and a request inside the interval waits for its end', () => {
    const run = vi.fn();
    const reads = createThrottle(run, 1000);
    reads.now();
    expect(run).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(300);
    reads.request();
    vi.advanceTimersByTime(699);
    expect(run).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    expect(run).toHaveBeenCalledTimes(2);
  });

  it('makes the requests of one interval one run', () => {
    const run = vi.fn();
    const reads = createThrottle(run, 1000);
    reads.now();
    for (let i = 0; i < 50; i++) {
      vi.advanceTimersByTime(10);
      reads.request();
    }
    vi.advanceTimersByTime(1000);
    expect(run).toHaveBeenCalledTimes(2);
  });

  it('runs a request after a quiet interval on the next turn, not a whole interval later', () => {
    const run = vi.fn();
    const reads = createThrottle(run, 1000);
    reads.now();
    vi.advanceTimersByTime(5000);
    reads.request();
    vi.advanceTimersByTime(0);
    expect(run).toHaveBeenCalledTimes(2);
  });

  it('runs nothing after cancel()', () => {
    const run = vi.fn();
    const reads = createThrottle(run, 1000);
    reads.now();
    reads.request();
    reads.cancel();
    vi.advanceTimersByTime(5000);
    expect(run).toHaveBeenCalledTimes(1);
  });
});
