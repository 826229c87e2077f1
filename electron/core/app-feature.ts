import { CallError, type SettingsView } from '../../shared/contract';
import type { Feature } from '../services/kernel/feature';
import type { CoreContext } from './context';
import type { ListenerSettings, SettingsPatch } from '../../shared/settings';
import { normaliseTarget, unallowedTargets } from '../services/net/target-policy';
import type { HostToken } from '../services/instance/host-token-file';

/**
 * A forward target off this machine that the user types in the app (Settings → Listener) is one
 * they allow. Only targets new in this change count: saving the port again must not allow a
 * target that an earlier start put there without the user's say.
 */
export function withTypedTargetsAllowed(patch: SettingsPatch, current: ListenerSettings): SettingsPatch {
  const typed = [...(patch.listener?.forwardTargets ?? []), ...Object.values(patch.listener?.forwardRoutes ?? {}).flat()];
  const existing = new Set([...current.forwardTargets, ...Object.values(current.forwardRoutes).flat()].map(normaliseTarget));
  const allowed = patch.listener?.allowedTargets ?? current.allowedTargets;
  const added = unallowedTargets(typed.filter((u): u is string => typeof u === 'string' && !existing.has(normaliseTarget(u))), allowed);
  if (added.length === 0) return patch;
  return { ...patch, listener: { ...patch.listener, allowedTargets: [...allowed, ...added] } };
}

/**
 * Status, settings and secrets: the calls every host needs before any area is built. `hostToken`
 * is the data folder's access token of the local API, when the host serves one.
 */
export function createAppFeature(ctx: CoreContext, hostToken?: HostToken): Feature {
  const view = (): SettingsView => ({ settings: ctx.config.settings.get(), secretsSet: ctx.config.secrets.names() });
  const pushView = () => ctx.runtime.bus.emit('settings.changed', view());
  ctx.config.settings.onChange(() => {
    ctx.runtime.status.updateHost({ environment: ctx.config.environments.activeInfo() });
    pushView();
  });
  return {
    name: 'app',
    handlers: {
      'app.status': async () => ctx.runtime.status.get(),
      'settings.get': async () => view(),
      'settings.update': async (patch) => {
        ctx.config.settings.update(withTypedTargetsAllowed(patch, ctx.config.settings.get().listener));
        return view();
      },
      'secrets.set': async ({ name, value }) => {
        ctx.config.secrets.set(name, value);
        pushView();
        return { ok: true as const };
      },
      'secrets.delete': async ({ name }) => {
        ctx.config.secrets.delete(name);
        pushView();
        return { ok: true as const };
      },
      'app.rotateAccessToken': async () => {
        if (!hostToken) throw new CallError('unavailable', 'this Hooklab serves no local API, so it has no access token to rotate');
        hostToken.rotate();
        return { rotatedAt: new Date(ctx.runtime.clock.now()).toISOString() };
      },
    },
  };
}
