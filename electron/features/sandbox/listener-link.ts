import { SANDBOX_ENVIRONMENT_ID } from '../../../shared/settings';
import type { CoreContext } from '../../services/kernel/feature';
import { setKeyEnvironment } from '../../services/webhook-keys/key-environments';

/** Id of the sandbox's webhook key in settings.listener.keys (secret `webhookKey:sandbox`). */
export const SANDBOX_KEY_ID = 'sandbox';

/**
 * The URL the sandbox store delivers to: Hooklab's own listener on loopback. The bound port
 * (status) wins over the configured one, which may be 0 ("any free port").
 */
export function listenerWebhookUrl(ctx: CoreContext): string {
  const listener = ctx.status.get().listener;
  const port = listener.state === 'listening' && listener.port ? listener.port : ctx.settings.get().listener.port;
  return `http://127.0.0.1:${port}/webhooks`;
}

/**
 * Makes the listener verify the sandbox's signatures: the key is stored as a secret and listed
 * in settings (appended, so a user's own current key stays first). Idempotent.
 */
export function ensureListenerKnowsKey(ctx: CoreContext, webhookKey: string): void {
  if (ctx.secrets.get(`webhookKey:${SANDBOX_KEY_ID}`) !== webhookKey) {
    ctx.secrets.set(`webhookKey:${SANDBOX_KEY_ID}`, webhookKey);
  }
  // An existing key is (re)attributed: settings saved before keys had an environment.
  if (!setKeyEnvironment(ctx.settings, SANDBOX_KEY_ID, SANDBOX_ENVIRONMENT_ID)) {
    const addedAt = new Date(ctx.clock.now()).toISOString();
    const key = { id: SANDBOX_KEY_ID, label: 'Sandbox store key', addedAt, accepted: true, environmentId: SANDBOX_ENVIRONMENT_ID };
    ctx.settings.update({ listener: { keys: [...ctx.settings.get().listener.keys, key] } });
  }
}

/**
 * The listener key the sandbox's store should sign with (settings.sandbox.signingKeyId, e.g. the
 * key given as `serve --webhook-key`), or undefined for the store's own key. The store keeps it
 * as its key afterwards: the sandbox's state is its own, like a portal setting.
 */
export function listenerKeyToSignWith(ctx: CoreContext): string | undefined {
  const id = ctx.settings.get().sandbox.signingKeyId;
  return id === null ? undefined : ctx.secrets.get(`webhookKey:${id}`);
}
