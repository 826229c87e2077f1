import { SANDBOX_ENVIRONMENT_ID } from '../../../shared/settings';
import type { SandboxDeps } from './deps';

/** Id of the sandbox's webhook key in settings.listener.keys (secret `webhookKey:sandbox`). */
export const SANDBOX_KEY_ID = 'sandbox';

/**
 * The URL the sandbox store delivers to: Hooklab's own listener on loopback. The bound port
 * (status) wins over the configured one, which may be 0 ("any free port").
 */
export function listenerWebhookUrl(ctx: { readonly runtime: Pick<SandboxDeps['runtime'], 'status'>; readonly config: Pick<SandboxDeps['config'], 'settings'> }): string {
  const listener = ctx.runtime.status.get().listener;
  const port = listener.state === 'listening' && listener.port ? listener.port : ctx.config.settings.get().listener.port;
  return `http://127.0.0.1:${port}/webhooks`;
}

/**
 * Makes the listener verify the sandbox's signatures: the key is stored as a secret and listed
 * in settings (appended, so a user's own current key stays first). Idempotent.
 */
export function ensureListenerKnowsKey(ctx: { readonly config: Pick<SandboxDeps['config'], 'webhookKeys'> }, webhookKey: string): void {
  ctx.config.webhookKeys.ensureKnown({ id: SANDBOX_KEY_ID, label: 'Sandbox store key', value: webhookKey, environmentId: SANDBOX_ENVIRONMENT_ID });
}
