import type { ListenerAnswer, ListenerSettings } from '../../../../shared/settings';

/**
 * The answer for the n-th attempt (1-based) of an event: the first rule whose window
 * (attempts 1..firstAttempts) contains n, else the default answer. "500 for the first 3
 * attempts, then 200" is one rule {firstAttempts: 3, answer: 500} over a default of 200.
 */
export function chooseAnswer(settings: Pick<ListenerSettings, 'answer' | 'rules'>, attempt: number): ListenerAnswer {
  for (const rule of settings.rules) {
    if (attempt <= rule.firstAttempts) return rule.answer;
  }
  return settings.answer;
}
