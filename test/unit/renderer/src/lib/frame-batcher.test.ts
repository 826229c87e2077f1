import { describe, expect, it } from 'vitest';
import { createFrameBatcher } from '../../../../../renderer/src/lib/frame-batcher';

describe('createFrameBatcher', () => {
  it('applies everything pushed before a frame in one call', () => {
    const frames: Array<() => void> = [];
    const applied: number[][] = [];
    const batcher = createFrameBatcher<number>((items) => applied.push(items), (cb) => frames.push(cb));
    for (let i = 0; i < 1000; i++) batcher.push(i);
    batcher.pushAll([1000, 1001]);
    expect(frames).toHaveLength(1);
    frames.shift()!();
    expect(applied).toHaveLength(1);
    expect(applied[0]).toHaveLength(1002);
    batcher.push(5);
    expect(frames).toHaveLength(1);
    frames.shift()!();
    expect(applied[1]).toEqual([5]);
  });

  it('drops the queue on dispose', () => {
    const frames: Array<() => void> = [];
    const applied: number[][] = [];
    const batcher = createFrameBatcher<number>((items) => applied.push(items), (cb) => frames.push(cb));
    batcher.push(1);
    batcher.dispose();
    frames.forEach((f) => f());
    batcher.push(2);
    expect(applied).toEqual([]);
  });
});
