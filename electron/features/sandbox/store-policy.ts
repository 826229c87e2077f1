import { allowedTargetVerdict } from '../../services/net/target-policy';
import type { SandboxDeps } from './deps';
import { SANDBOX_KEY_ID } from './listener-link';

/**
 * The listener's keys other than the sandbox's own: a store record of an earlier version that
 * holds one of these (adopted from `--webhook-key`) gets a new key of its own at start.
 */
export function foreignKeyValues(ctx: { readonly config: Pick<SandboxDeps['config'], 'webhookKeys'> }): string[] {
  return ctx.config.webhookKeys.known().flatMap((k) => (k.id === SANDBOX_KEY_ID ? [] : [k.value]));
}

/**
 * Where the embedded sandbox's store may deliver: the one rule of every way Hooklab sends
 * (loopback, or a target the user allowed), read at each change of the setting.
 */
export function sandboxTargetRefusal(ctx: { readonly config: Pick<SandboxDeps['config'], 'settings'> }): (url: string) => string | null {
  return (url) => {
    const verdict = allowedTargetVerdict(url, ctx.config.settings.get().listener.allowedTargets);
    if (verdict.allowed) return null;
    if (!verdict.needsOptIn) return verdict.message;
    return `${new URL(url).host} is not on this machine and you did not allow it: the sandbox delivers only to this machine or to a target you allowed (start with --allow-non-loopback, or add it in Settings → Listener)`;
  };
}
