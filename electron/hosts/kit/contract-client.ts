import { CallError, type CallArgs, type CallName, type CallResult } from '../../../shared/contract';
import type { Core } from '../../core/core';

/**
 * The contract as the MCP tools use it: one named, typed call at a time. Implemented over a core
 * this process opened, or over the local API of the Hooklab instance that holds the data folder,
 * so every tool works the same in both cases.
 */
export interface ContractClient {
  call<N extends CallName>(name: N, args: CallArgs<N>): Promise<CallResult<N>>;
}

/** A ContractClient over a core in this process: validated like every host's calls. */
export function coreClient(core: Pick<Core, 'invoke'>): ContractClient {
  return {
    async call(name, args) {
      const envelope = await core.invoke(name, args);
      if (!envelope.ok) throw new CallError(envelope.error.code, envelope.error.message);
      return envelope.value as never;
    },
  };
}
