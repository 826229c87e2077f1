import type { HooklabApi } from '../../../shared/contract';

type Invoke = (name: string, args: unknown) => Promise<unknown>;
type Subscribe = (event: string, listener: (payload: unknown) => void) => () => void;

/**
 * Shapes the flat call list into `hooklab.<area>.<verb>(args)` functions. Each function is
 * bound to its own name, so the page cannot reach a channel outside the contract.
 */
export function buildApi(names: readonly string[], invoke: Invoke, subscribe: Subscribe): HooklabApi {
  const api: Record<string, Record<string, (args: unknown) => Promise<unknown>> | Subscribe> = {};
  for (const name of names) {
    const [area, verb] = name.split('.') as [string, string];
    const group = (api[area] ??= {}) as Record<string, (args: unknown) => Promise<unknown>>;
    group[verb] = (args: unknown) => invoke(name, args ?? {});
  }
  api.subscribe = (event: string, listener: (payload: unknown) => void) => subscribe(event, listener);
  return api as unknown as HooklabApi;
}
