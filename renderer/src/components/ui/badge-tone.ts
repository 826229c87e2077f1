/** The colour families of badges (app tokens --tone-*). */
export type BadgeTone = 'ok' | 'warn' | 'error' | 'info' | 'neutral' | 'sandbox';

// Every word a verdict, level, flag, order state or HTTP class can be, by tone. Lower case.
const TONES: Readonly<Record<string, BadgeTone>> = {
  valid: 'ok',
  delivered: 'ok',
  info: 'info',
  success: 'ok',
  paid: 'ok',
  completed: 'ok',
  captured: 'ok',
  authorized: 'ok',
  '2xx': 'ok',
  yes: 'ok',
  invalid: 'error',
  error: 'error',
  failed: 'error',
  '5xx': 'error',
  '4xx': 'error',
  cancelled: 'error',
  rejected: 'error',
  declined: 'error',
  missing: 'warn',
  warning: 'warn',
  unverified: 'warn',
  'no-key': 'warn',
  unverifiable: 'warn',
  duplicate: 'warn',
  'out-of-order': 'warn',
  'over-limit': 'warn',
  'cut-off': 'warn',
  pending: 'warn',
  '3xx': 'warn',
  sandbox: 'sandbox',
  // Tunnel states.
  open: 'ok',
  'own-url': 'ok',
  connecting: 'info',
  closed: 'warn',
};

/** The tone of a badge's word ("valid" -> ok, "PENDING" -> warn); neutral when unknown. */
export function badgeTone(word: string): BadgeTone {
  return TONES[word.trim().toLowerCase()] ?? 'neutral';
}
