import type { CoreContext, Feature } from '../core/feature';
import type { Handlers } from '../../shared/contract';
import { CallError } from '../../shared/contract/errors';
import { replayCalls } from '../../shared/contract/replay';

type ReplayHandlers = Pick<Handlers, keyof typeof replayCalls>;

/** The Replay area (stub: every call answers `unavailable` until the core lands). */
export function createReplayFeature(_ctx: CoreContext): Feature {
  const handlers = Object.fromEntries(
    Object.keys(replayCalls).map((name) => [
      name,
      async () => {
        throw new CallError('unavailable', `${name} is not built yet`);
      },
    ]),
  ) as unknown as ReplayHandlers;
  return { name: 'replay', handlers };
}
