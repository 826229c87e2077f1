import type { ProjectConfigView } from '../../../shared/contract/project-config';
import type { Feature } from '../../services/kernel/feature';
import { loadProjectConfig, ProjectConfigError } from '../../services/project-config/project-config';

/** The environment variable a host sets to the config file it was given (`--config FILE`). */
export const PROJECT_CONFIG_ENV = 'HOOKLAB_CONFIG';

/**
 * The project config, read at each call (so an edit shows at once): the file named by
 * HOOKLAB_CONFIG, else `hooklab.config.json` in the folder the host started in.
 */
export function readProjectConfigView(cwd: string = process.cwd(), file: string | undefined = process.env[PROJECT_CONFIG_ENV]): ProjectConfigView {
  const empty = { routes: [], listenerPort: null, environment: null };
  try {
    const loaded = loadProjectConfig(cwd, file);
    if (!loaded) return { path: null, ...empty, error: null };
    const { routes, listener, environment } = loaded.config;
    return {
      path: loaded.path,
      routes: Object.entries(routes).map(([eventType, urls]) => ({ eventType, urls: typeof urls === 'string' ? [urls] : urls })),
      listenerPort: listener.port ?? null,
      environment: environment ?? null,
      error: null,
    };
  } catch (error) {
    if (!(error instanceof ProjectConfigError)) throw error;
    return { path: error.path, ...empty, error: error.mistakes.join('; ') };
  }
}

export function createProjectConfigFeature(): Feature {
  return {
    name: 'project-config',
    handlers: { 'project.config': async () => readProjectConfigView() },
  };
}
