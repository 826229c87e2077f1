import { useRef, useState } from 'react';
import type { Activity, ActivityBucket } from '../../../../shared/contract/live';
import { formatCount } from '../../lib/format';
import { dragRange, xOf, type TimeRange } from './strip-geometry';
import { StripBar } from './StripBar';
import { StripLegend } from './StripLegend';
import { total, VERDICT_WORDS, type StripWords } from './strip-words';
import './activity-strip.css';

export type { TimeRange } from './strip-geometry';
export type { StripWords } from './strip-words';

const W = 1000;
const H = 48;
const MARK_H = 5;

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
      <StripLegend
        testId={testId}
        words={words}
        hover={hover}
        range={range}
        sum={sum}
        failed={failed}
        selected={selected}
        onClear={() => onSelect(null)}
      />
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
        {activity.buckets.map((b) => (
          <StripBar
            key={b.startMs}
            bucket={b}
            x={xOf(b.startMs, range, W)}
            width={bw}
            height={H}
            markHeight={MARK_H}
            peak={peak}
            words={words}
            testId={testId}
            onHover={setHover}
          />
        ))}
      </svg>
    </div>
  );
}
