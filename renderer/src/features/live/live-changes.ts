import type { DeliverySummary, HandlerSummary } from '../../../../shared/contract/live';

/** The part of the Live slice that live events change. */
export interface LiveRows {
  /** Every stored delivery's summary, newest first (ids only grow, so this is id descending). */
  readonly rows: DeliverySummary[];
  readonly total: number;
  /** Store updates applied from live events (one per animation frame at most). */
  readonly liveUpdates: number;
}

/** One live event as the Live slice applies it (a frame's worth are applied together). */
export type LiveChange =
  | { kind: 'received'; deliveries: DeliverySummary[] }
  | { kind: 'forwarded'; id: number; handler: HandlerSummary; answeredStatus: number | null }
  /** Retention removed every delivery below keptFromId (null: all). */
  | { kind: 'removed'; keptFromId: number | null };

/** Applies a frame's worth of live events in ONE store update. */
export function applyLiveChanges(state: LiveRows, changes: readonly LiveChange[]): LiveRows {
  const newest = state.rows[0]?.id ?? 0;
  const fresh: DeliverySummary[] = [];
  const forwarded = new Map<number, { handler: HandlerSummary; answeredStatus: number | null }>();
  let keptFromId: number | undefined;
  for (const change of changes) {
    if (change.kind === 'received') {
      for (const d of change.deliveries) if (d.id > newest) fresh.push(d);
    } else if (change.kind === 'removed') {
      keptFromId = Math.max(keptFromId ?? 0, change.keptFromId ?? Number.MAX_SAFE_INTEGER);
    } else {
      forwarded.set(change.id, change);
    }
  }
  fresh.sort((a, b) => b.id - a.id);
  let rows = fresh.length > 0 ? fresh.concat(state.rows) : state.rows;
  if (forwarded.size > 0) {
    rows = rows === state.rows ? rows.slice() : rows;
    for (const [id, f] of forwarded) {
      const index = indexOfId(rows, id);
      if (index >= 0) rows[index] = { ...rows[index]!, handler: f.handler, answeredStatus: f.answeredStatus };
    }
  }
  let total = state.total + fresh.length;
  if (keptFromId !== undefined) {
    // Retention removes received rows only: imported ones below keptFromId stay.
    const kept = rows.filter((r) => r.id >= keptFromId! || r.imported);
    if (kept.length < rows.length) {
      total -= rows.length - kept.length;
      rows = kept;
    }
  }
  return { rows, total: Math.max(total, rows.length), liveUpdates: state.liveUpdates + 1 };
}

/** Binary search in id-descending rows. */
function indexOfId(rows: readonly DeliverySummary[], id: number): number {
  let lo = 0;
  let hi = rows.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const value = rows[mid]!.id;
    if (value === id) return mid;
    if (value > id) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}
