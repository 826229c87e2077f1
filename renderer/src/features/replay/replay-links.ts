import type { OpenSource } from '../../../../shared/contract/replay-drafts';
import { hrefFor, type RouteParams } from '../../app-state/routes';

export const REPLAY_TABS = ['editor', 'history', 'check'] as const;
export type ReplayTab = (typeof REPLAY_TABS)[number];

/**
 * The link to a Replay tab (`#/replay`, `#/replay/history?…`, `#/replay/check`): the history
 * tab with `historyParams`, the sort and filters it was left with; the others have none.
 */
export function replayTabHref(tab: ReplayTab, historyParams: RouteParams): string {
  return hrefFor('replay', tab === 'editor' ? '' : tab, tab === 'history' ? historyParams : {});
}

/** What a Replay deep link opens: `live/<deliveryId>`, `history/<historyDeliveryId>`, `draft/<id>`. */
export function sourceOfLink(rest: string): OpenSource | null {
  const match = /^(live|history|draft)\/([1-9]\d{0,14})$/.exec(rest);
  if (!match) return null;
  const id = Number(match[2]);
  return match[1] === 'live' ? { kind: 'received', id } : match[1] === 'history' ? { kind: 'history', id } : { kind: 'draft', id };
}
