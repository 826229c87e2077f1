import { describe, expect, it } from 'vitest';
import { GroupCommitter } from '../../../../../../electron/features/live/listener/group-commit';

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
    const committer = new GroupCommitter<number, number>((items) => (batches.push(items), items), 2);
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
});
