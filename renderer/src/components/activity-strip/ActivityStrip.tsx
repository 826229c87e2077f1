import { useRef, useState } from 'react';
import type { Activity, ActivityBucket } from '../../../../shared/contract/live';
import { formatCount, formatTime } from '../../lib/format';
import { dragRange, xOf, type TimeRange } from './strip-geometry';
import './activity-strip.css';

export type { TimeRange } from './strip-geometry';

const W = 1000;
const H = 48;
const MARK_H = 5;
const VERDICTS = ['valid', 'invalid', 'missing', 'other'] as const;

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

const VERDICT_WORDS: StripWords = {
  valid: 'valid',
  invalid: 'invalid',
  missing: 'missing',
  other: 'not judged',
  handlerFailed: 'handler failed',
};

const total = (b: ActivityBucket) => b.valid + b.invalid + b.missing + b.other;
const describe = (b: ActivityBucket, w: StripWords) =>
  `${formatTime(new Date(b.startMs).toISOString())}: ${formatCount(total(b))} deliveries — ${b.valid} ${w.valid}, ${b.invalid} ${w.invalid}` +
  `${w.missing ? `, ${b.missing} ${w.missing}` : ''}` +
  `${b.other > 0 ? `, ${b.other} ${w.other}` : ''}${b.handlerFailed > 0 && w.handlerFailed ? `; ${w.handlerFailed} ${b.handlerFailed}` : ''}`;

export interface ActivityStripProps {
  readonly activity: Activity | null;
  /** The selected range (it filters the list), or null. */
  readonly selected: TimeRange | null;
  readonly onSelect: (range: TimeRange | null) => void;
  readonly testId?: string;
  readonly words?: StripWords;
}

/**
 * Deliveries per slice of time (a minute over the last hour), stacked by signature verdict,
 * with a red mark over slices where a handler failed. Hovering says a slice's counts; dragging
 * (or clicking) selects a range, which the page uses as a filter. Plain SVG over the counts
 * the core computed (live.activity), so 100,000 stored deliveries are at most 120 bars here.
 */
export function ActivityStrip({
  activity,
  selected,
  onSelect,
  testId = 'activity-strip',
  words = VERDICT_WORDS,
}: ActivityStripProps) {
  const svg = useRef<SVGSVGElement>(null);
  const [hover, setHover] = useState<ActivityBucket | null>(null);
  const [drag, setDrag] = useState<{ x1: number; x2: number } | null>(null);
  if (!activity)
    return (
      <div
        className="activity-strip activity-strip--loading"
        data-testid={testId}
        data-state="loading"
      />
    );
  const range: TimeRange = { fromMs: activity.fromMs, toMs: activity.toMs };
  const peak = Math.max(1, ...activity.buckets.map(total));
  const bw = (activity.bucketMs / (range.toMs - range.fromMs)) * W;
  const sum = activity.buckets.reduce((n, b) => n + total(b), 0);
  const failed = activity.buckets.reduce((n, b) => n + b.handlerFailed, 0);
  const toSvgX = (clientX: number) => {
    const box = svg.current!.getBoundingClientRect();
    return ((clientX - box.left) / box.width) * W;
  };
  const shown = drag ? dragRange(drag.x1, drag.x2, range, W, activity.bucketMs) : selected;

  return (
    <div
      className="activity-strip"
      data-testid={testId}
      data-state="ready"
      data-buckets={activity.buckets.length}
      data-total={sum}
    >
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
            onClick={() => onSelect(null)}
            data-testid={`${testId}-clear`}
          >
            Clear range {formatTime(new Date(selected.fromMs).toISOString())}–
            {formatTime(new Date(selected.toMs).toISOString())}
          </button>
        )}
      </div>
      <svg
        ref={svg}
        className="activity-strip__chart"
        viewBox={`0 0 ${W} ${H}`}
        preserveAspectRatio="none"
        role="img"
        aria-label={`Deliveries per ${activity.bucketMs / 60_000} minute(s): ${formatCount(sum)} in the range${words.handlerFailed ? `, ${formatCount(failed)} with a handler failure` : ''}`}
        onPointerDown={(e) => {
          e.currentTarget.setPointerCapture(e.pointerId);
          const x = toSvgX(e.clientX);
          setDrag({ x1: x, x2: x });
        }}
        onPointerMove={(e) => {
          if (drag) setDrag({ ...drag, x2: toSvgX(e.clientX) });
        }}
        onPointerUp={() => {
          if (drag) onSelect(dragRange(drag.x1, drag.x2, range, W, activity.bucketMs));
          setDrag(null);
        }}
        onPointerLeave={() => setHover(null)}
      >
        {shown && (
          <rect
            className="activity-strip__selection"
            x={xOf(shown.fromMs, range, W)}
            y={0}
            width={Math.max(1, xOf(shown.toMs, range, W) - xOf(shown.fromMs, range, W))}
            height={H}
            data-testid={`${testId}-selection`}
          />
        )}
        {activity.buckets.map((b) => {
          const x = xOf(b.startMs, range, W);
          let base = H;
          return (
            <g key={b.startMs} onPointerEnter={() => setHover(b)} data-testid={`${testId}-bar`}>
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
        })}
      </svg>
    </div>
  );
}
