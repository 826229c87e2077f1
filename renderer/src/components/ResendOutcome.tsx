import type { ResendOutcomeView } from '../../../shared/contract/history';
import { Notice, type NoticeTone } from './ui';

const TONE: Record<ResendOutcomeView['kind'], NoticeTone> = {
  delivered: 'info',
  refused: 'warn',
  'no-webhook': 'error',
  'not-found': 'error',
  'not-logged': 'warn',
  unknown: 'warn',
  failed: 'error',
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
    <Notice tone={TONE[outcome.kind]} testId="resend-outcome" data-kind={outcome.kind}>
      <strong>Resend of {outcome.id}:</strong> {outcome.message}
      {HINT[outcome.kind] && <span className="muted"> {HINT[outcome.kind]}</span>}
    </Notice>
  );
}
