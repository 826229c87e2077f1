import type { Feature } from '../services/kernel/feature';
import type { CoreContext } from './context';
import { createLiveFeature } from '../features/live/feature';
import { createHistoryFeature } from '../features/history/feature';
import { createSandboxFeature } from '../features/sandbox/feature';
import { createSequencesFeature } from '../features/sequences/feature';
import { createFlowsFeature } from '../features/flows/feature';
import { createReplayFeature } from '../features/replay/feature';
import { createProjectConfigFeature } from '../features/project-config/feature';
import { createTracingFeature } from '../features/tracing/feature';
import { createNotificationsFeature } from '../features/notifications/feature';
import { createScenariosFeature } from '../features/scenarios/feature';
import { createShareExportFeature } from '../features/share-export/feature';

/**
 * Every area of the product, in start order (the listener before the sandbox, whose store
 * must point at it; the sandbox before the history poller, which polls it).
 */
export function productFeatures(ctx: CoreContext): Feature[] {
  return [
    // First: a handler's spans may arrive as soon as the first forward goes out.
    createTracingFeature(ctx),
    createLiveFeature(ctx),
    createSandboxFeature(ctx),
    createHistoryFeature(ctx),
    createReplayFeature(ctx),
    createSequencesFeature(ctx),
    createFlowsFeature(ctx),
    createProjectConfigFeature(ctx),
    createNotificationsFeature(ctx),
    createScenariosFeature(ctx),
    createShareExportFeature(ctx),
  ];
}
