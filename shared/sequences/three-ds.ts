import type { Flag, ThreeDsAttempt } from './model';
import { THREE_DS_EVENT_OUTCOMES, isThreeDsEventType } from './event-types';

/**
 * How long after a ThreeDSecureAuthSucceeded (by its event-created time) its SuccessPayment may
 * still be on its way: the integration sends the second charge after the frame's message, and
 * the event can be retried for a few seconds. Only older successes are judged.
 */
export const THREE_DS_GRACE_MS = 3 * 60_000;

/** One event in event-created order, with what 3-D Secure needs of it. */
export interface ThreeDsInput {
  readonly key: string;
  readonly type: string;
  readonly sortMs: number;
  readonly authenticationId: string | null;
  readonly reason: string | null;
}

/**
 * Ties the 3-D Secure events of an order to their charge attempts by authenticationId. A
 * successful attempt is confirmed by a SuccessPayment created at or after it; one left
 * unconfirmed past the grace period is flagged, one still within it sets `recheckAtMs`.
 */
export function deriveThreeDs(
  events: readonly ThreeDsInput[],
  nowMs: number,
  graceMs = THREE_DS_GRACE_MS,
): { attempts: ThreeDsAttempt[]; flags: Flag[]; recheckAtMs: number | null } {
  const attempts = new Map<string, ThreeDsAttempt & { sortMs: number }>();
  for (const e of events) {
    if (!isThreeDsEventType(e.type) || e.authenticationId === null) continue;
    const outcome = THREE_DS_EVENT_OUTCOMES[e.type];
    const attempt = attempts.get(e.authenticationId);
    if (attempt) {
      attempt.eventKeys.push(e.key);
      attempt.outcome = outcome;
      attempt.sortMs = e.sortMs;
      attempt.reason = e.reason ?? attempt.reason;
    } else {
      attempts.set(e.authenticationId, { authenticationId: e.authenticationId, outcome, eventKeys: [e.key], confirmed: null, reason: e.reason, sortMs: e.sortMs });
    }
  }
  const payments = events.filter((e) => e.type === 'SuccessPayment');
  const flags: Flag[] = [];
  let recheckAtMs: number | null = null;
  for (const attempt of attempts.values()) {
    if (attempt.outcome !== 'SUCCESS') continue;
    const payment = payments.find((p) => p.sortMs >= attempt.sortMs);
    attempt.confirmed = payment !== undefined;
    if (payment) continue;
    const judgeAt = attempt.sortMs + graceMs;
    if (nowMs > judgeAt) {
      flags.push({
        kind: '3ds-not-confirmed',
        eventKeys: [attempt.eventKeys[attempt.eventKeys.length - 1]!],
        message: `3-D Secure authentication ${attempt.authenticationId} succeeded, but no SuccessPayment followed within ${Math.round(graceMs / 60_000)} minutes: the integration probably never sent the second charge with this authenticationId.`,
      });
    } else {
      recheckAtMs = recheckAtMs === null ? judgeAt + 1 : Math.min(recheckAtMs, judgeAt + 1);
    }
  }
  return { attempts: [...attempts.values()].map(({ sortMs: _sortMs, ...a }) => a), flags, recheckAtMs };
}
