import { describe, expect, it } from 'vitest';
import { answerTimeBins } from '../../../../../../renderer/src/features/replay/answer-time-bins';

describe('answer-time distribution of a request sent N times', () => {
  it('bins the answer times between the fastest and the slowest, by outcome', () => {
    const sends = [
      { latencyMs: 10.2, status: 200 },
      { latencyMs: 10.9, status: 200 },
      { latencyMs: 29.6, status: 500 },
      { latencyMs: 12, status: null },
      { latencyMs: null, status: null },
    ];
    const { bins, min, max } = answerTimeBins(sends);
    expect([min, max]).toEqual([10, 30]);
    expect(bins).toHaveLength(20);
    expect(bins.reduce((n, b) => n + b.ok + b.other + b.error, 0)).toBe(4);
    expect(bins[0]).toMatchObject({ ok: 2 });
    expect(bins.at(-1)).toMatchObject({ other: 1 });
    expect(bins.find((b) => b.error > 0)!.from).toBeGreaterThanOrEqual(11);
  });

  it('is empty when no send was timed', () => {
    expect(answerTimeBins([{ latencyMs: null, status: null }]).bins).toEqual([]);
  });
});
