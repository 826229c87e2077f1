import type { ReplaySummary } from '../../../../shared/contract/replay';

/** The part of the replay history's slice that new replays change. */
export interface ReplayRows {
  /** Every stored replay, newest first. */
  readonly rows: ReplaySummary[];
  readonly total: number;
  readonly loaded: boolean;
}

/**
 * Merges newly sent replays into the list: only once it is loaded (the load reads them anyway),
 * only ids newer than the newest shown (a replay arriving twice is shown once), newest first.
 */
export function applySentReplays(state: ReplayRows, fresh: readonly ReplaySummary[]): Partial<ReplayRows> {
  if (!state.loaded) return {};
  const newest = state.rows[0]?.id ?? 0;
  const added = fresh.filter((r) => r.id > newest).sort((a, b) => b.id - a.id);
  return added.length === 0 ? {} : { rows: added.concat(state.rows), total: state.total + added.length };
}

/** Picks or unpicks a replay for the diff: at most two, a third pick replaces the oldest. */
export function toggledSelection(selected: readonly number[], id: number): readonly number[] {
  return selected.includes(id) ? selected.filter((x) => x !== id) : [...selected, id].slice(-2);
}
