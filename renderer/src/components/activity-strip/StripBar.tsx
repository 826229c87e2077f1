import type { ActivityBucket } from '../../../../shared/contract/live';
import { describe, type StripWords } from './strip-words';

const VERDICTS = ['valid', 'invalid', 'missing', 'other'] as const;

interface StripBarProps {
  readonly bucket: ActivityBucket;
  /** The slice's left edge and width in the chart's units. */
  readonly x: number;
  readonly width: number;
  /** The chart's height, the failure mark's height and the tallest slice's count. */
  readonly height: number;
  readonly markHeight: number;
  readonly peak: number;
  readonly words: StripWords;
  readonly testId: string;
  readonly onHover: (b: ActivityBucket) => void;
}

/** One slice of time: its verdicts stacked from the bottom, a red mark on top if a handler failed. */
export function StripBar({
  bucket: b,
  x,
  width: bw,
  height: H,
  markHeight: MARK_H,
  peak,
  words,
  testId,
  onHover,
}: StripBarProps) {
  let base = H;
  return (
    <g onPointerEnter={() => onHover(b)} data-testid={`${testId}-bar`}>
      <title>{describe(b, words)}</title>
      {/* An invisible full-height target, so a slice of one delivery is easy to hover. */}
      <rect className="activity-strip__hit" x={x} y={0} width={bw} height={H} />
      {VERDICTS.map((v) => {
        const h = ((H - MARK_H - 1) * b[v]) / peak;
        base -= h;
        return h > 0 ? (
          <rect
            key={v}
            className={`activity-strip__bar activity-strip__bar--${v}`}
            x={x + 0.5}
            y={base}
            width={Math.max(1, bw - 1)}
            height={h}
          />
        ) : null;
      })}
      {b.handlerFailed > 0 && (
        <rect
          className="activity-strip__failed"
          x={x + 0.5}
          y={0}
          width={Math.max(1, bw - 1)}
          height={MARK_H}
        />
      )}
    </g>
  );
}
