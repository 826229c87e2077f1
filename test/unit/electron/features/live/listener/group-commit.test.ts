import { describe, expect, it } from 'vitest';
import { GroupCommitter, whenLockFree, type BusyPolicy } from '../../../../../../electron/features/live/listener/group-commit';

describe('GroupCommitter', () => {
  it('commits items submitted in the same turn as one batch and resolves each with its result', async () => {
    const batches: number[][] = [];
    const committer = new GroupCommitter<number, number>((items) => {
      batches.push(items);
      return items.map((i) => i * 10);
    });
    const results = await Promise.all([1, 2, 3].map((n) => committer.submit(n)));
    expect(results).toEqual([10, 20, 30]);
    expect(batches).toEqual([[1, 2, 3]]);
  });

  it('splits at the batch cap', async () => {
    const batches: number[][] = [];
    const committer = new GroupCommitter<number, number>((items) => (batches.push(items), items), { maxBatch: 2 });
    await Promise.all([1, 2, 3].map((n) => committer.submit(n)));
    expect(batches).toEqual([[1, 2], [3]]);
  });

  it('rejects every item of a batch whose commit failed, and keeps working', async () => {
    let fail = true;
    const committer = new GroupCommitter<number, number>((items) => {
      if (fail) throw new Error('disk full');
      return items;
    });
    await expect(committer.submit(1)).rejects.toThrow('disk full');
    fail = false;
    await expect(committer.submit(2)).resolves.toBe(2);
  });

  describe('when the write lock is taken', () => {
    const BUSY = Object.assign(new Error('database is locked'), { errcode: 5 });
    const policy = (clock: { t: number }, giveUpAfterMs = 5000): BusyPolicy => ({
      isBusy: (e) => (e as { errcode?: number }).errcode === 5,
      giveUpAfterMs,
      now: () => clock.t,
    });

    it('keeps the batch queued, lets later items join it, and commits them in order once the lock is free', async () => {
      const clock = { t: 0 };
      let locked = true;
      const batches: number[][] = [];
      const failed: unknown[] = [];
      const committer = new GroupCommitter<number, number>(
        (items) => {
          if (locked) throw BUSY;
          batches.push(items);
          return items.map((i) => i * 10);
        },
        { busy: policy(clock), onFailed: (e) => failed.push(e) },
      );
      const first = [committer.submit(1), committer.submit(2)];
      // Tried and found busy at least once before the next item comes.
      await new Promise((r) => setImmediate(r));
      const late = committer.submit(3);
      locked = false;
      expect(await Promise.all([...first, late])).toEqual([10, 20, 30]);
      expect(batches.flat()).toEqual([1, 2, 3]);
      expect(failed).toEqual([]);
    });

    it('rejects the batch once the lock stayed taken past the limit, says so once, and keeps working', async () => {
      const clock = { t: 0 };
      let locked = true;
      const failed: unknown[] = [];
      const committer = new GroupCommitter<number, number>(
        (items) => {
          if (locked) {
            clock.t += 1000;
            throw BUSY;
          }
          return items;
        },
        { busy: policy(clock, 3000), onFailed: (e) => failed.push(e) },
      );
      await expect(committer.submit(1)).rejects.toThrow('database is locked');
      expect(failed).toHaveLength(1);
      locked = false;
      await expect(committer.submit(2)).resolves.toBe(2);
    });

    it('does not retry an error that is not about the lock', async () => {
      const clock = { t: 0 };
      let calls = 0;
      const committer = new GroupCommitter<number, number>(
        () => {
          calls += 1;
          throw new Error('disk full');
        },
        { busy: policy(clock) },
      );
      await expect(committer.submit(1)).rejects.toThrow('disk full');
      expect(calls).toBe(1);
    });

    it('whenLockFree runs a lone write once the lock is free', async () => {
      const clock = { t: 0 };
      let tries = 0;
      const value = await whenLockFree(() => {
        tries += 1;
        if (tries < 3) throw BUSY;
        return 'done';
      }, policy(clock));
      expect(value).toBe('done');
      expect(tries).toBe(3);
    });
  });
});
