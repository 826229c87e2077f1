import { describe, expect, it } from 'vitest';
import { NotificationRules, NotificationThrottle } from '../../../../../electron/features/notifications/rules';

describe('NotificationRules', () => {
  it('says a failing target once per streak, each target on its own', () => {
    const rules = new NotificationRules();
    expect(rules.handlerAnswered('http://a', 200, null, 1)).toBeNull();
    expect(rules.handlerAnswered('http://a', 500, null, 2)).toMatchObject({ kind: 'handler-failing', target: { area: 'live', deliveryId: 2 } });
    expect(rules.handlerAnswered('http://a', null, 'ECONNREFUSED', 3)).toBeNull();
    expect(rules.handlerAnswered('http://b', 404, null, 3)).toMatchObject({ kind: 'handler-failing' });
    expect(rules.handlerAnswered('http://a', 204, null, 4)).toBeNull();
    expect(rules.handlerAnswered('http://a', 502, null, 5)).toMatchObject({ target: { deliveryId: 5 } });
  });

  it('says an unverified delivery, never one received without any key set', () => {
    const rules = new NotificationRules();
    expect(rules.deliveryReceived({ id: 1, signature: 'missing', unverified: false, eventType: null })).toBeNull();
    expect(rules.deliveryReceived({ id: 2, signature: 'invalid', unverified: true, eventType: 'Created' })).toMatchObject({ kind: 'invalid-signature' });
  });

  it('says the tunnel down once until it is open again, and pending events once they are old enough', () => {
    const rules = new NotificationRules();
    expect(rules.tunnelState('error', 'gone')).toMatchObject({ kind: 'tunnel-down' });
    expect(rules.tunnelState('connecting', null)).toBeNull();
    expect(rules.tunnelState('closed', null)).toBeNull();
    expect(rules.tunnelState('open', null)).toBeNull();
    expect(rules.tunnelState('closed', null)).toMatchObject({ kind: 'tunnel-down' });
    expect(rules.pendingAge(3, 5 * 60_000, 15)).toBeNull();
    expect(rules.pendingAge(3, 16 * 60_000, 15)).toMatchObject({ kind: 'pending-at-service' });
    expect(rules.pendingAge(4, 17 * 60_000, 15)).toBeNull();
    expect(rules.pendingAge(0, null, 15)).toBeNull();
    expect(rules.pendingAge(1, 20 * 60_000, 15)).toMatchObject({ kind: 'pending-at-service' });
  });

  it('says a job that finished or failed, not one the user cancelled', () => {
    const rules = new NotificationRules();
    const job = { jobId: 'j1', title: 'Resend 3', done: 3, total: 3, failed: 0 };
    expect(rules.jobEnded({ ...job, state: 'done' })).toMatchObject({ title: 'Finished: Resend 3', target: { area: 'jobs', jobId: 'j1' } });
    expect(rules.jobEnded({ ...job, state: 'cancelled' })).toBeNull();
    // What the job came to, in its unit: never "28 of 0 done, 28 failed".
    const scenario = { jobId: 's1', title: 'Scenario shipping-delivered', state: 'done', done: 7, total: 7, failed: 7, unit: 'deliveries', outcome: 'delivered 0, refused 0, failed 7 (28 attempts)' };
    expect(rules.jobEnded(scenario)!.body).toBe('7 of 7 deliveries: delivered 0, refused 0, failed 7 (28 attempts).');
  });
});

describe('NotificationThrottle', () => {
  it('shows one per kind per minute and counts what it held back', () => {
    const throttle = new NotificationThrottle(60_000);
    expect(throttle.admit('invalid-signature', 0)).toEqual({ heldBack: 0 });
    expect(throttle.admit('invalid-signature', 10_000)).toBeNull();
    expect(throttle.admit('invalid-signature', 20_000)).toBeNull();
    expect(throttle.admit('job-ended', 20_000)).toEqual({ heldBack: 0 });
    expect(throttle.admit('invalid-signature', 60_000)).toEqual({ heldBack: 2 });
  });
});
