import type { OpenSource } from '../../../../shared/contract/replay-drafts';

/** What a Replay deep link opens: `live/<deliveryId>`, `history/<historyDeliveryId>`, `draft/<id>`. */
export function sourceOfLink(rest: string): OpenSource | null {
  const match = /^(live|history|draft)\/([1-9]\d{0,14})$/.exec(rest);
  if (!match) return null;
  const id = Number(match[2]);
  return match[1] === 'live' ? { kind: 'received', id } : match[1] === 'history' ? { kind: 'history', id } : { kind: 'draft', id };
}
