import { CallError } from '../../shared/contract/errors';
import { readKeyInput } from '../../shared/signing/key-input';
import type { Feature } from '../services/kernel/feature';
import type { CoreContext } from './context';

/**
 * The webhook-key calls (declared with Live's calls, where Settings → Listener uses them) over
 * the core's one WebhookKeys service: keys are not Live's, the listener only verifies with them.
 */
export function createWebhookKeysFeature(config: Pick<CoreContext['config'], 'webhookKeys' | 'environments'>): Feature {
  const keys = config.webhookKeys;
  const requireEnvironment = (environmentId: string | null) => {
    if (environmentId !== null && !config.environments.isKnown(environmentId)) {
      throw new CallError('not-found', `no environment ${environmentId}`);
    }
  };
  return {
    name: 'webhook-keys',
    handlers: {
      'live.addKey': async ({ label, value, environmentId, makeCurrent }) => {
        requireEnvironment(environmentId);
        const key = readKeyInput(value);
        if (!key.ok) throw new CallError('invalid-args', key.error);
        keys.add({ label, value: key.value, environmentId, makeCurrent });
        return { ok: true as const, notice: key.notice };
      },
      'live.setKeyEnvironment': async ({ id, environmentId }) => {
        requireEnvironment(environmentId);
        if (!keys.setEnvironment(id, environmentId)) throw new CallError('not-found', `no key ${id}`);
        return { ok: true as const };
      },
      'live.setKeyAccepted': async ({ id, accepted }) => {
        if (!keys.setAccepted(id, accepted)) throw new CallError('not-found', `no key ${id}`);
        return { ok: true as const };
      },
      'live.removeKey': async ({ id }) => {
        keys.remove(id);
        return { ok: true as const };
      },
    },
  };
}
