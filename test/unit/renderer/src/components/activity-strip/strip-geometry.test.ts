import { describe, expect, it } from 'vitest';
import {
  dragRange,
  parseRangeParam,
  rangeParam,
  timeAt,
  xOf,
} from '../../../../../../renderer/src/components/activity-strip/strip-geometry';

const HOUR = { fromMs: 0, toMs: 3_600_000 };

describe('activity strip geometry', () => {
  it('maps times to x and back', () => {
    expect(xOf(1_800_000, HOUR, 1000)).toBe(500);
    expect(timeAt(250, HOUR, 1000)).toBe(900_000);
    expect(timeAt(-5, HOUR, 1000)).toBe(0);
    expect(timeAt(2000, HOUR, 1000)).toBe(3_600_000);
  });

  it('widens a drag to whole slices, in either direction, and a click to its one slice', () => {
    // 1000 px for 60 one-minute slices: a slice is 16.7 px.
    expect(dragRange(20, 60, HOUR, 1000, 60_000)).toEqual({ fromMs: 60_000, toMs: 240_000 });
    expect(dragRange(60, 20, HOUR, 1000, 60_000)).toEqual({ fromMs: 60_000, toMs: 240_000 });
    expect(dragRange(10, 10, HOUR, 1000, 60_000)).toEqual({ fromMs: 0, toMs: 60_000 });
    expect(dragRange(990, 1000, HOUR, 1000, 60_000)).toEqual({
      fromMs: 3_540_000,
      toMs: 3_600_000,
    });
  });

  it('keeps a range in the URL as from-to', () => {
    expect(rangeParam({ fromMs: 60_000, toMs: 240_000 })).toBe('60000-240000');
    expect(parseRangeParam('60000-240000')).toEqual({ fromMs: 60_000, toMs: 240_000 });
    expect(parseRangeParam('240000-60000')).toBeNull();
    expect(parseRangeParam('soon')).toBeNull();
    expect(parseRangeParam(undefined)).toBeNull();
  });
});
