import type { CoreContext, Feature } from './feature';
import { createLiveFeature } from '../live/feature';
import { createHistoryFeature } from '../history/feature';
import { createSandboxFeature } from '../embedded-sandbox/feature';
import { createSequencesFeature } from '../sequences/feature';
import { createFlowsFeature } from '../flows/feature';
import { createReplayFeature } from '../replay/feature';

/**
 * Every area of the product, in start order (the listener before the sandbox, whose store
 * must point at it; the sandbox before the history poller, which polls it).
 */
export function productFeatures(ctx: CoreContext): Feature[] {
  return [
    createLiveFeature(ctx),
    createSandboxFeature(ctx),
    createHistoryFeature(ctx),
    createReplayFeature(ctx),
    createSequencesFeature(ctx),
    createFlowsFeature(ctx),
  ];
}
