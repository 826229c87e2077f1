import type { ResendOutcomeView } from '../../../shared/contract/history';

const TONE: Record<ResendOutcomeView['kind'], string> = {
  delivered: 'notice',
  refused: 'notice notice--warn',
  'no-webhook': 'notice notice--error',
  'not-found': 'notice notice--error',
  'not-logged': 'notice notice--warn',
  unknown: 'notice notice--warn',
  failed: 'notice notice--error',
};

// 'not-logged' has no hint: the service's message already says that retrying is safe.
const HINT: Partial<Record<ResendOutcomeView['kind'], string>> = {
  refused: 'A 200 from the service means it sent the delivery, not that your receiver accepted it.',
  'no-webhook': 'Configure a webhook URL for the store, then resend.',
  unknown: 'It may have been delivered: resending again would send the event twice (receivers deduplicate by event id).',
};

/** One resend's outcome, explained. */
export function ResendOutcome({ outcome }: { outcome: ResendOutcomeView }) {
  return (
    <p className={TONE[outcome.kind]} data-testid="resend-outcome" data-kind={outcome.kind}>
      <strong>Resend of {outcome.id}:</strong> {outcome.message}
      {HINT[outcome.kind] && <span className="muted"> {HINT[outcome.kind]}</span>}
    </p>
  );
}
