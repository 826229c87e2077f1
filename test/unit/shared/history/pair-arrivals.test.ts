import { describe, expect, it } from 'vitest';
import { pairArrivals } from '../../../../shared/history/pair-arrivals';

const t = (s: number) => new Date(Date.UTC(2026, 0, 1, 12, 0, s)).toISOString();

describe('pairArrivals', () => {
  it('pairs a resend with its own arrival, not the failed original that never arrived', () => {
    const pairs = pairArrivals(
      [
        { id: 9, created: t(0) },
        { id: 17, created: t(40) },
      ],
      [{ id: 3, receivedAt: t(40.2) }],
    );
    expect([...pairs]).toEqual([[3, 17]]);
  });

  it('pairs the original and each resend with the arrival that followed it, retries with their delivery', () => {
    const pairs = pairArrivals(
      [
        { id: 17, created: t(30) },
        { id: 9, created: t(0) },
      ],
      [
        { id: 1, receivedAt: t(0.1) },
        { id: 2, receivedAt: t(1.5) },
        { id: 5, receivedAt: t(30.1) },
      ],
    );
    expect(Object.fromEntries(pairs)).toEqual({ 1: 9, 2: 9, 5: 17 });
  });

  it('allows for a service clock a little ahead of ours, and leaves unexplained arrivals unpaired', () => {
    const pairs = pairArrivals(
      [{ id: 9, created: t(2) }],
      [
        { id: 1, receivedAt: t(0) },
        { id: 2, receivedAt: t(-10) },
        { id: 3, receivedAt: new Date(Date.UTC(2026, 0, 1, 13, 0, 0)).toISOString() },
        { id: 4, receivedAt: 'garbage' },
      ],
    );
    expect(Object.fromEntries(pairs)).toEqual({ 1: 9 });
  });
});
