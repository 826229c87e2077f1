import type { HooklabApi } from '../../../shared/contract';
import { TransportError, type Transport } from './transport';

/**
 * Transport over the preload's `window.hooklab`: `call(name, args)` is passed through by name.
 * The preload rejects with a plain `{ code, message }` (what crosses contextBridge whole), the
 * contract's error code in `code`.
 */
export function createElectronTransport(api: HooklabApi): Transport {
  return {
    kind: 'electron',
    async call(name, args) {
      try {
        return await api.call(name, args);
      } catch (error) {
        if (error instanceof TransportError) throw error;
        const code = (error as { code?: unknown }).code;
        throw new TransportError(
          typeof code === 'string' ? (code as TransportError['code']) : 'internal',
          String((error as { message?: unknown }).message ?? error),
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
