import type { Settings } from '../../../shared/settings';
import { SANDBOX_ENVIRONMENT_ID } from '../../../shared/settings';
import type { LeftOutGroup } from './reconciliation';
import { plural } from '../../../shared/text/plural';

/** A left-out group with the sentence the Reconciliation view shows. */
export interface LeftOutExplained extends LeftOutGroup {
  readonly message: string;
}


/** The environment's display name ("Sandbox" for the embedded one). */
function environmentName(settings: Settings, id: string | null): string {
  if (id === SANDBOX_ENVIRONMENT_ID) return 'Sandbox';
  return settings.environments.live.find((e) => e.id === id)?.name ?? id ?? 'no environment';
}

/**
 * Says why deliveries are not counted for `environmentId`: "48 deliveries verified by the key
 * “sbx” (Sandbox) are not counted for Pseudo-live; …", and which history deliveries that
 * explains, so they are not mistaken for lost ones.
 */
export function explainLeftOut(groups: readonly LeftOutGroup[], settings: Settings, environmentId: string): LeftOutExplained[] {
  const here = environmentName(settings, environmentId);
  return groups.map((g) => {
    const key = settings.listener.keys.find((k) => k.id === g.keyId);
    const owner = environmentName(settings, key?.environmentId ?? null);
    const explained =
      g.historyDeliveries > 0
        ? ` ${plural(g.historyDeliveries, 'history delivery matches them', 'history deliveries match them')} and ${g.historyDeliveries === 1 ? 'is' : 'are'} not listed as lost.`
        : '';
    return {
      ...g,
      message:
        `${plural(g.deliveries, 'delivery', 'deliveries')} verified by the key “${key?.label || g.keyId}” (${owner}) ` +
        `${g.deliveries === 1 ? 'is' : 'are'} not counted for ${here}.${explained} ` +
        `If this key also signs for ${here}, change its environment in Settings.`,
    };
  });
}
