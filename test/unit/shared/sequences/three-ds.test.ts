import { describe, expect, it } from 'vitest';
import { deriveThreeDs, THREE_DS_GRACE_MS } from '../../../../shared/sequences';

const ev = (key: string, type: string, sortMs: number, authenticationId: string | null = 'auth-1', reason: string | null = null) => ({ key, type, sortMs, authenticationId, reason });

describe('deriveThreeDs', () => {
  it('ties events to attempts by authenticationId, with their outcome', () => {
    const r = deriveThreeDs([ev('a', 'ThreeDSecureAuthExpired', 0, 'auth-1'), ev('b', 'ThreeDSecureAuthFailed', 10, 'auth-2', 'AUTHENTICATION_FAILED')], 0);
    expect(r.attempts).toEqual([
      { authenticationId: 'auth-1', outcome: 'EXPIRED', eventKeys: ['a'], confirmed: null, reason: null },
      { authenticationId: 'auth-2', outcome: 'FAILED', eventKeys: ['b'], confirmed: null, reason: 'AUTHENTICATION_FAILED' },
    ]);
    expect(r.flags).toEqual([]);
  });

  it('confirms a success followed by a SuccessPayment', () => {
    const r = deriveThreeDs([ev('a', 'ThreeDSecureAuthSucceeded', 0), ev('p', 'SuccessPayment', 1000, null)], 10 * THREE_DS_GRACE_MS);
    expect(r.attempts[0]!.confirmed).toBe(true);
    expect(r.flags).toEqual([]);
  });

  it('does not judge an unconfirmed success within the grace period, and says when to look again', () => {
    const r = deriveThreeDs([ev('a', 'ThreeDSecureAuthSucceeded', 5000)], 5000 + THREE_DS_GRACE_MS);
    expect(r.flags).toEqual([]);
    expect(r.attempts[0]!.confirmed).toBe(false);
    expect(r.recheckAtMs).toBe(5000 + THREE_DS_GRACE_MS + 1);
  });

  it('flags an unconfirmed success once it is older than the grace period', () => {
    const r = deriveThreeDs([ev('a', 'ThreeDSecureAuthSucceeded', 5000)], 5001 + THREE_DS_GRACE_MS);
    expect(r.flags).toEqual([{ kind: '3ds-not-confirmed', eventKeys: ['a'], message: expect.stringContaining('auth-1 succeeded, but no SuccessPayment followed') }]);
    expect(r.recheckAtMs).toBeNull();
  });

  it('does not count a SuccessPayment created before the success', () => {
    const r = deriveThreeDs([ev('p', 'SuccessPayment', 0, null), ev('a', 'ThreeDSecureAuthSucceeded', 1000)], 1000 + 2 * THREE_DS_GRACE_MS);
    expect(r.flags.map((f) => f.kind)).toEqual(['3ds-not-confirmed']);
  });

  it('honours a shorter grace period given by the caller', () => {
    expect(deriveThreeDs([ev('a', 'ThreeDSecureAuthSucceeded', 0)], 2000, 1000).flags).toHaveLength(1);
  });
});
