import type { ListenerSettings } from '../../../../shared/settings';

/** Where a delivery is forwarded: its event type's own route when it has one, else the general targets. */
export function forwardTargetsFor(settings: Pick<ListenerSettings, 'forwardTargets' | 'forwardRoutes'>, eventType: string | null): string[] {
  const own = eventType !== null && Object.hasOwn(settings.forwardRoutes, eventType) ? settings.forwardRoutes[eventType] : undefined;
  return own && own.length > 0 ? own : settings.forwardTargets;
}
