import type { CallName, HooklabApi } from '../../../shared/contract';
import { TransportError, type Transport } from './transport';

type AnyCall = (args: unknown) => Promise<unknown>;

/**
 * Transport over the preload's `window.hooklab`: `live.list` becomes `hooklab.live.list(args)`.
 * The preload rejects with an Error whose `code` property carries the contract's error code.
 */
export function createElectronTransport(api: HooklabApi): Transport {
  return {
    kind: 'electron',
    async call(name, args) {
      const dot = name.indexOf('.');
      const area = (api as unknown as Record<string, Record<string, AnyCall> | undefined>)[name.slice(0, dot)];
      const fn = area?.[name.slice(dot + 1)];
      if (!fn) throw new TransportError('unknown-call', `the host does not offer "${name satisfies CallName}"`);
      try {
        return (await fn(args)) as never;
      } catch (error) {
        if (error instanceof TransportError) throw error;
        const code = (error as { code?: unknown }).code;
        throw new TransportError(
          typeof code === 'string' ? (code as TransportError['code']) : 'internal',
          (error as Error).message,
        );
      }
    },
    subscribe(event, cb) {
      return api.subscribe(event, cb);
    },
    onReconnect() {
      return () => {};
    },
    onDenied() {
      return () => {};
    },
  };
}
