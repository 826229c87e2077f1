import type { ActivityBucket } from '../../../../shared/contract/live';
import { formatCount, formatTime } from '../../lib/format';

/**
 * What each stack of the strip means on its page: Live's are signature verdicts, History's the
 * service's outcomes (delivered, failed, in flight). A null word is a series the page never has.
 */
export interface StripWords {
  readonly valid: string;
  readonly invalid: string;
  readonly missing: string | null;
  readonly other: string;
  readonly handlerFailed: string | null;
}

/** Live's words, the strip's default. */
export const VERDICT_WORDS: StripWords = {
  valid: 'valid',
  invalid: 'invalid',
  missing: 'missing',
  other: 'not judged',
  handlerFailed: 'handler failed',
};

/** Every delivery in a slice, whatever its verdict. */
export const total = (b: ActivityBucket) => b.valid + b.invalid + b.missing + b.other;

/** One slice in words, for its tooltip and the caption while it is hovered. */
export const describe = (b: ActivityBucket, w: StripWords) =>
  `${formatTime(new Date(b.startMs).toISOString())}: ${formatCount(total(b))} deliveries — ${b.valid} ${w.valid}, ${b.invalid} ${w.invalid}` +
  `${w.missing ? `, ${b.missing} ${w.missing}` : ''}` +
  `${b.other > 0 ? `, ${b.other} ${w.other}` : ''}${b.handlerFailed > 0 && w.handlerFailed ? `; ${w.handlerFailed} ${b.handlerFailed}` : ''}`;
