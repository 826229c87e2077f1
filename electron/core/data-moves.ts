import type { DataMove } from '../services/data/data-moves';
import { ReplaySettingsTables } from '../services/data/replay-settings-tables';
import { moveReplaySettingsFromDatabase } from '../features/replay/replay-settings';
import { classifyStoredBodies } from '../features/live/classify-stored-bodies';
import type { CoreContext } from './context';

/**
 * The start-up data moves, in order (runDataMoves runs each once per database, before the
 * features start). Append new ones; never renumber one that has shipped.
 */
export function startUpMoves(ctx: CoreContext): DataMove[] {
  return [
    {
      id: 1,
      name: 'replay settings and targets into the settings file',
      // Before anything reads them: an existing user's settings and targets leave the database.
      run: () => moveReplaySettingsFromDatabase(ctx.config.settings, new ReplaySettingsTables(ctx.data.db), ctx.runtime.log),
    },
    {
      id: 2,
      name: 'kinds of bodies stored before the listener classified them',
      run: () => {
        classifyStoredBodies(ctx.data.deliveries);
        return true;
      },
    },
  ];
}
