import type { ActivityBucket } from '../../../../shared/contract/live';
import { formatCount, formatTime } from '../../lib/format';
import type { TimeRange } from './strip-geometry';
import { describe, type StripWords } from './strip-words';

interface StripLegendProps {
  readonly testId: string;
  readonly words: StripWords;
  /** The slice under the pointer: the caption describes it instead of the whole range. */
  readonly hover: ActivityBucket | null;
  readonly range: TimeRange;
  readonly sum: number;
  readonly failed: number;
  readonly selected: TimeRange | null;
  readonly onClear: () => void;
}

/** The strip's line above the chart: a caption, the colour keys and "Clear range". */
export function StripLegend({
  testId,
  words,
  hover,
  range,
  sum,
  failed,
  selected,
  onClear,
}: StripLegendProps) {
  return (
    <div className="activity-strip__legend">
      <span
        className="activity-strip__caption"
        data-testid={`${testId}-caption`}
        aria-live="polite"
      >
        {hover
          ? describe(hover, words)
          : `${formatCount(sum)} deliveries from ${formatTime(new Date(range.fromMs).toISOString())} to ${formatTime(new Date(range.toMs).toISOString())}` +
            `${failed > 0 && words.handlerFailed ? `, ${formatCount(failed)} ${words.handlerFailed}` : ''} · drag to filter`}
      </span>
      <span className="activity-strip__keys" aria-hidden="true">
        <i className="activity-strip__key activity-strip__key--valid" />
        {words.valid} <i className="activity-strip__key activity-strip__key--invalid" />
        {words.invalid}{' '}
        {words.missing && (
          <>
            <i className="activity-strip__key activity-strip__key--missing" />
            {words.missing}{' '}
          </>
        )}
        {words.handlerFailed && (
          <>
            <i className="activity-strip__key activity-strip__key--failed" />
            {words.handlerFailed}
          </>
        )}
      </span>
      {selected && (
        <button
          type="button"
          className="button button--quiet"
          onClick={onClear}
          data-testid={`${testId}-clear`}
        >
          Clear range {formatTime(new Date(selected.fromMs).toISOString())}–
          {formatTime(new Date(selected.toMs).toISOString())}
        </button>
      )}
    </div>
  );
}
