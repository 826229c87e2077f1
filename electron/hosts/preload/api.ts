import type { HooklabApi } from '../../../shared/contract';

type Invoke = (name: string, args: unknown) => Promise<unknown>;
type Subscribe = (event: string, listener: (payload: unknown) => void) => () => void;

/**
 * `window.hooklab`: `call(name, args)` for the contract's names only (anything else is refused
 * here, so the page cannot reach a channel outside the contract), and `subscribe`. The name
 * goes to IPC as the page gave it: no object of per-area functions to fold and unfold.
 */
export function buildApi(names: readonly string[], invoke: Invoke, subscribe: Subscribe): HooklabApi {
  const known = new Set(names);
  const api = {
    call: (name: string, args: unknown) =>
      known.has(name)
        ? invoke(name, args ?? {})
        : // A plain object, as the preload's other rejections (what crosses contextBridge whole).
          Promise.reject({ code: 'unknown-call', message: `the host does not offer "${String(name)}"` }),
    subscribe: (event: string, listener: (payload: unknown) => void) => subscribe(event, listener),
  };
  return api as unknown as HooklabApi;
}
