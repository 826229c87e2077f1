import { describe, expect, it } from 'vitest';
import { chooseAnswer } from '../../../../../../electron/features/live/listener/answer-policy';

const ok = { status: 200, delayMs: 0, body: '', hang: false };
const fail = { status: 500, delayMs: 0, body: 'no', hang: false };

describe('chooseAnswer', () => {
  it('answers the default without rules', () => {
    expect(chooseAnswer({ answer: ok, rules: [] }, 1)).toBe(ok);
  });

  it('500 for the first 3 attempts of each event, then 200', () => {
    const settings = { answer: ok, rules: [{ firstAttempts: 3, answer: fail }] };
    expect([1, 2, 3, 4, 5].map((n) => chooseAnswer(settings, n).status)).toEqual([500, 500, 500, 200, 200]);
  });

  it('takes the first rule whose window contains the attempt', () => {
    const hang = { ...ok, hang: true };
    const settings = { answer: ok, rules: [{ firstAttempts: 1, answer: hang }, { firstAttempts: 2, answer: fail }] };
    expect(chooseAnswer(settings, 1).hang).toBe(true);
    expect(chooseAnswer(settings, 2).status).toBe(500);
    expect(chooseAnswer(settings, 3).status).toBe(200);
  });
});
