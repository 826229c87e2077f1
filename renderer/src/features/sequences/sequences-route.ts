import { tabOfRest } from '../../app-state/routes';

export type SequencesTab = 'orders' | 'flows';

export const FLOW_KINDS = ['card', 'link', 'chaos', 'scenarios'] as const;
export type FlowKind = (typeof FLOW_KINDS)[number];

/**
 * The tab a `#/sequences/…` route shows: `flows` and `flows/<kind>` are the flow runner,
 * anything else is the Orders tab (`<orderId>` selects that order).
 */
export function sequencesTabOfRest(rest: string): SequencesTab {
  return rest === 'flows' || rest.startsWith('flows/') ? 'flows' : 'orders';
}

/** The flow a `flows/<kind>` route names (the card flow when none or unknown). */
export function flowKindOfRest(rest: string): FlowKind {
  return tabOfRest(FLOW_KINDS, rest.replace(/^flows\/?/, ''));
}
