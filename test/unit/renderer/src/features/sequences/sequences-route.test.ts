import { describe, expect, it } from 'vitest';
import { flowKindOfRest, sequencesTabOfRest } from '../../../../../../renderer/src/features/sequences/sequences-route';

describe('sequences route', () => {
  it('shows Flows for `flows` and `flows/<kind>`, Orders for anything else (an order id)', () => {
    expect(sequencesTabOfRest('flows')).toBe('flows');
    expect(sequencesTabOfRest('flows/chaos')).toBe('flows');
    expect(sequencesTabOfRest('')).toBe('orders');
    expect(sequencesTabOfRest('900001')).toBe('orders');
    expect(sequencesTabOfRest('flowsy')).toBe('orders');
  });

  it('reads the flow kind, the card flow when none or unknown', () => {
    expect(flowKindOfRest('flows/chaos')).toBe('chaos');
    expect(flowKindOfRest('flows')).toBe('card');
    expect(flowKindOfRest('flows/nope')).toBe('card');
  });
});
