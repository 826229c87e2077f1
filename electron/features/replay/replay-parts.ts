import { nodeHmac } from '../../services/platform/node-hmac';
import type { KeyChoices } from '../../services/webhook-keys/key-choices';
import { ReplayTargets } from './targets';
import { ReplaySettingsHome } from './replay-settings';
import { ReplayService } from './replay-service';
import { createEventIdGenerator } from './event-ids';
import type { DraftSourceStores } from './draft-sources';
import type { ReplayDeps } from './deps';

/** What Replay's calls share: its settings, keys, targets, the sending service and the draft sources. */
export interface ReplayParts {
  readonly ctx: ReplayDeps;
  readonly replaySettings: ReplaySettingsHome;
  readonly keys: KeyChoices;
  readonly targets: ReplayTargets;
  readonly service: ReplayService;
  readonly sources: DraftSourceStores;
  /** The feature's one source of new event ids (replays and the handler check never share one). */
  readonly newEventId: () => string;
  now(): string;
}

export function replayParts(ctx: ReplayDeps): ReplayParts {
  const replaySettings = new ReplaySettingsHome(ctx.config.settings);
  const keys = ctx.config.keyChoices;
  const targets = new ReplayTargets(ctx, replaySettings);
  const newEventId = createEventIdGenerator(() => ctx.runtime.clock.now());
  const service = new ReplayService(ctx, ctx.data.replays, ctx.data.replayReads, () => replaySettings.get(), keys, targets, nodeHmac, newEventId);
  const sources: DraftSourceStores = {
    received: ctx.data.deliveries,
    history: ctx.data.history,
    replay: ctx.data.replays,
    imports: ctx.data.imports,
    environmentId: () => ctx.config.environments.activeInfo().id,
  };
  return { ctx, replaySettings, keys, targets, service, sources, newEventId, now: () => new Date(ctx.runtime.clock.now()).toISOString() };
}
