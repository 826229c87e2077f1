import { describe, expect, it } from 'vitest';
import { chaosPlan, seededRandom } from '../../../../shared/flows/chaos-plan';

describe('chaosPlan', () => {
  it('is the same for the same seed and different for another', () => {
    const settings = { seed: 42, duplicateRate: 0.4, maxDelayMs: 500 };
    expect(chaosPlan(10, settings)).toEqual(chaosPlan(10, settings));
    expect(chaosPlan(10, { ...settings, seed: 43 })).not.toEqual(chaosPlan(10, settings));
  });

  it('sends every event once, a duplicate only as a second copy, delays within the bound', () => {
    const plan = chaosPlan(20, { seed: 1, duplicateRate: 0.5, maxDelayMs: 300 });
    for (let i = 0; i < 20; i++) {
      const copies = plan.filter((s) => s.eventIndex === i).map((s) => s.copy).sort();
      expect([[1], [1, 2]]).toContainEqual(copies);
    }
    expect(plan.some((s) => s.copy === 2)).toBe(true);
    expect(plan.every((s) => Number.isInteger(s.delayMs) && s.delayMs >= 0 && s.delayMs <= 300)).toBe(true);
    expect(plan.map((s) => s.eventIndex)).not.toEqual([...plan.map((s) => s.eventIndex)].sort((a, b) => a - b));
  });

  it('rate 0 sends each event exactly once; rate 1 twice; no delay when the bound is 0', () => {
    expect(chaosPlan(8, { seed: 5, duplicateRate: 0, maxDelayMs: 0 }).map((s) => s.copy)).toEqual(Array(8).fill(1));
    expect(chaosPlan(8, { seed: 5, duplicateRate: 1, maxDelayMs: 0 })).toHaveLength(16);
    expect(chaosPlan(8, { seed: 5, duplicateRate: 1, maxDelayMs: 0 }).every((s) => s.delayMs === 0)).toBe(true);
    expect(chaosPlan(0, { seed: 5, duplicateRate: 1, maxDelayMs: 10 })).toEqual([]);
  });

  it('draws from a fixed sequence per seed (the run repeats on any machine)', () => {
    const r = seededRandom(123);
    const first = [r(), r(), r()];
    const again = seededRandom(123);
    expect([again(), again(), again()]).toEqual(first);
    expect(first.every((x) => x >= 0 && x < 1)).toBe(true);
  });
});
