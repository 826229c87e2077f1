import type { Flag } from './model';
import type { CollapsedEvent } from './collapse-copies';

/**
 * unverified: an event none of whose copies verified while a key was configured. It stays in
 * the timeline, apart: when the order has other evidence it is not used for any state. Its
 * sender controls its type and ids, so the sentence only quotes them.
 */
export function unverifiedFlags(events: readonly CollapsedEvent[], onlyEvidence: boolean): Flag[] {
  const vouchedIds = new Set<number>();
  for (const e of events) if (e.trust !== 'unverified') for (const id of e.eventIds) vouchedIds.add(id);
  const flags: Flag[] = [];
  for (const e of events) {
    if (e.trust !== 'unverified') continue;
    const ids = e.eventIds.join(', ');
    const copyOf = e.eventIds.some((id) => vouchedIds.has(id));
    const what = copyOf ? `unverified copy of event ${ids}` : `${e.head.type}${ids ? ` (event ${ids})` : ''}`;
    flags.push({
      kind: 'unverified',
      eventKeys: [e.key],
      message: copyOf
        ? `${e.head.type}: ${what}. It did not verify with your key, so it is not counted: the verified event is.`
        : onlyEvidence
          ? `${what} did not verify with your key, and nothing verified says otherwise: this order's states rest only on unverified deliveries.`
          : `${what} did not verify with your key: shown, but not used for this order's states.`,
    });
  }
  return flags;
}
