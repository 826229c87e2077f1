import type { ReplaySummary } from '../../../../shared/contract/replay';
import { answerTimeBins, type AnswerBin } from './answer-time-bins';

const W = 360;
const H = 90;
const PAD_BOTTOM = 16;
const CLASSES = ['2xx', 'other', 'error'] as const;

/**
 * When one request was sent N times: how long the handler took to answer, as a histogram
 * stacked by outcome (2xx, another status, no answer). Plain SVG; the counts are in each
 * bar's title and in the sentence under it, so the colours are never the only signal.
 */
export function AnswerTimes({ replays }: { replays: readonly ReplaySummary[] }) {
  const { bins, min, max } = answerTimeBins(replays);
  if (bins.length === 0) return null;
  const peak = Math.max(...bins.map((b) => b.ok + b.other + b.error));
  const bw = W / bins.length;
  const y = (n: number) => ((H - PAD_BOTTOM) * n) / peak;
  const count = (cls: (typeof CLASSES)[number], b: AnswerBin) =>
    cls === '2xx' ? b.ok : cls === 'other' ? b.other : b.error;
  const ok = replays.filter((r) => r.status !== null && r.status >= 200 && r.status < 300).length;
  const failed = replays.filter((r) => r.status === null).length;
  return (
    <figure className="answer-times" data-testid="replay-answer-times">
      <svg
        viewBox={`0 0 ${W} ${H}`}
        role="img"
        aria-label={`Answer times of ${replays.length} sends, ${min} to ${max} ms`}
      >
        {bins.map((b, i) => {
          let base = H - PAD_BOTTOM;
          return (
            <g key={i}>
              <title>{`${b.from}–${b.to} ms: ${b.ok} 2xx, ${b.other} other status, ${b.error} no answer`}</title>
              {CLASSES.map((cls) => {
                const h = y(count(cls, b));
                base -= h;
                return h > 0 ? (
                  <rect
                    key={cls}
                    className={`answer-times__bar answer-times__bar--${cls}`}
                    x={i * bw + 1}
                    y={base}
                    width={Math.max(1, bw - 2)}
                    height={h}
                  />
                ) : null;
              })}
            </g>
          );
        })}
        <text className="answer-times__axis" x={0} y={H - 3}>
          {min} ms
        </text>
        <text className="answer-times__axis" x={W} y={H - 3} textAnchor="end">
          {max} ms
        </text>
      </svg>
      <figcaption className="muted">
        {replays.length} sends: {ok} answered 2xx, {replays.length - ok - failed} another status,{' '}
        {failed} no answer.
      </figcaption>
    </figure>
  );
}
