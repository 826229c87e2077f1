import { describe, expect, it } from 'vitest';
import { backoffDelay } from '../../../../../electron/features/history/backoff';

describe('backoffDelay', () => {
  it('doubles from the base and stays within half to full of the step', () => {
    expect(backoffDelay(1, 1000, 60_000, () => 0)).toBe(500);
    expect(backoffDelay(1, 1000, 60_000, () => 1)).toBe(1000);
    expect(backoffDelay(3, 1000, 60_000, () => 0.5)).toBe(3000);
  });
  it('is capped', () => {
    expect(backoffDelay(30, 1000, 60_000, () => 1)).toBe(60_000);
  });
});
