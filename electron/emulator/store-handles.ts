import { mergeChaos } from './chaos';
import type { SandboxContext } from './context';
import { checkGivenKey, checkWebhookSetting, setGivenKey, storeCredentials } from './control';
import type { ChaosSettings, StoreRecord } from './types';

/**
 * The store helpers a started sandbox hands its embedder (RunningSandbox in index.ts): the same
 * checks as the control API (target policy, key policy), saved at once.
 */
export function storeHandles(ctx: SandboxContext) {
  const { state, keys, webhookTargetRefusal } = ctx;
  const mustStore = (id: string): StoreRecord => {
    const s = state.stores.get(id);
    if (!s) throw new Error(`unknown store ${id}`);
    return s;
  };
  return {
    mustStore,
    createStore: (opts: { webhookUrl?: string; webhookKey?: string } = {}) => {
      const url = opts.webhookUrl === undefined ? undefined : checkWebhookSetting(opts.webhookUrl, 'webhookUrl', webhookTargetRefusal);
      const key = opts.webhookKey === undefined ? undefined : checkGivenKey(keys, opts.webhookKey);
      return storeCredentials(state.createStore({ ...(url !== undefined ? { webhookUrl: url } : {}), ...(key !== undefined ? { webhookKey: key } : {}) }));
    },
    getStore: (id: string) => {
      const s = state.stores.get(id);
      return s ? storeCredentials(s) : null;
    },
    setWebhook: (id: string, url: string, key?: string) => {
      const s = mustStore(id);
      const checked = checkWebhookSetting(url, 'url', webhookTargetRefusal);
      if (key !== undefined) setGivenKey(keys, s, key);
      s.webhookUrl = checked;
      state.saveStore(s);
      return storeCredentials(s);
    },
    setChaos: (id: string, chaos: Partial<ChaosSettings> & { reset?: boolean }): ChaosSettings => {
      const s = mustStore(id);
      s.chaos = mergeChaos(s.chaos, chaos);
      state.saveStore(s);
      return s.chaos;
    },
  };
}
