import { loadProjectConfig, ProjectConfigError, type LoadedProjectConfig } from '../../../services/project-config/project-config';
import { chooseDataDir } from '../../kit/data-dir';
import type { Invocation } from './command';
import { CliError } from './exit-codes';

/** --data-dir, else HOOKLAB_DATA_DIR, else the folder `serve --data-dir D --save` recorded, else the desktop app's. */
export function dataDirOf(inv: Pick<Invocation, 'value' | 'io'>, save = false): string {
  return chooseDataDir(inv.value('data-dir'), inv.io.env, save);
}

/** The project config (--config FILE or ./hooklab.config.json), null when there is none. */
export function configOf(inv: Pick<Invocation, 'value' | 'io'>): LoadedProjectConfig | null {
  try {
    return loadProjectConfig(inv.io.cwd ?? process.cwd(), inv.value('config'));
  } catch (error) {
    if (error instanceof ProjectConfigError) throw new CliError(`config ${error.message}`);
    throw error;
  }
}
