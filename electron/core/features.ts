import type { CoreContext, Feature } from './feature';

/**
 * Every area of the product, in start order (the listener before the sandbox, whose store
 * must point at it; the sandbox before the history poller, which polls it).
 */
export function productFeatures(_ctx: CoreContext): Feature[] {
  return [];
}
