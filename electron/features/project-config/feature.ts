import type { ProjectConfigView } from '../../../shared/contract/project-config';
import type { Feature } from '../../services/kernel/feature';
import { loadProjectConfig, ProjectConfigError } from '../../services/project-config/project-config';

/**
 * The project config, read at each call (so an edit shows at once): `file` (the one the host
 * was given), else `hooklab.config.json` in `cwd`.
 */
export function readProjectConfigView(cwd: string, file: string | undefined): ProjectConfigView {
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

/** project.config: the file the core was given (CoreOptions.projectConfigPath), else the one in the folder the host started in. */
export function createProjectConfigFeature(ctx: { readonly config: { readonly projectConfigPath: string | null } }): Feature {
  return {
    name: 'project-config',
    handlers: { 'project.config': async () => readProjectConfigView(process.cwd(), ctx.config.projectConfigPath ?? undefined) },
  };
}
