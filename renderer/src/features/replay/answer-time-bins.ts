import type { ReplaySummary } from '../../../../shared/contract/replay';

export interface AnswerBin {
  readonly from: number;
  readonly to: number;
  /** Answers 2xx, answers of another status, and sends that got no answer (error, timeout). */
  readonly ok: number;
  readonly other: number;
  readonly error: number;
}

const MAX_BINS = 20;

/** The sends' answer times in up to 20 equal bins between the fastest and the slowest (whole ms). */
export function answerTimeBins(replays: readonly Pick<ReplaySummary, 'latencyMs' | 'status'>[]): {
  bins: AnswerBin[];
  min: number;
  max: number;
} {
  const timed = replays.filter((r) => r.latencyMs !== null);
  if (timed.length === 0) return { bins: [], min: 0, max: 0 };
  const times = timed.map((r) => Math.round(r.latencyMs!));
  const min = Math.min(...times);
  const max = Math.max(...times);
  const count = Math.min(MAX_BINS, Math.max(1, max - min + 1));
  const width = (max - min + 1) / count;
  const bins = Array.from({ length: count }, (_, i) => ({
    from: Math.round(min + i * width),
    to: Math.round(min + (i + 1) * width) - 1,
    ok: 0,
    other: 0,
    error: 0,
  }));
  timed.forEach((r, i) => {
    const bin = bins[Math.min(count - 1, Math.floor((times[i]! - min) / width))]!;
    if (r.status === null) bin.error++;
    else if (r.status >= 200 && r.status < 300) bin.ok++;
    else bin.other++;
  });
  return { bins, min, max };
}
