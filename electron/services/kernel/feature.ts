import type { Handlers } from '../../../shared/contract';

/**
 * One area of the app (live, history, sandbox...): the contract calls it implements and its
 * lifecycle. The core starts features in order and stops them in reverse.
 */
export interface Feature {
  readonly name: string;
  readonly handlers: Partial<Handlers>;
  start?(): Promise<void>;
  stop?(): Promise<void>;
}
