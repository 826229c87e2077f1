import { resolve } from 'node:path';
import { configMistakes, PROJECT_CONFIG_FILE, PROJECT_CONFIG_MAX_BYTES, ProjectConfigSchema, type ProjectConfig } from '../../../shared/project-config/schema';
import { FileRefusedError, readBoundedTextFile } from '../platform/bounded-file';

/**
 * The environment variable that names the project config file. Hosts read it at their edge
 * (serve, mcp, the desktop app) and pass the path to the core (CoreOptions.projectConfigPath);
 * nothing below the hosts reads the environment.
 */
export const PROJECT_CONFIG_ENV = 'HOOKLAB_CONFIG';

/** A config file that was found and is valid. */
export interface LoadedProjectConfig {
  readonly path: string;
  readonly config: ProjectConfig;
}

/** A config file that cannot be used; `mistakes` lists each one by path. */
export class ProjectConfigError extends Error {
  constructor(
    readonly path: string,
    readonly mistakes: readonly string[],
  ) {
    super(`${path}: ${mistakes.join('; ')}`);
  }
}

/**
 * Reads `file` (an explicit --config, which must exist) or `<cwd>/hooklab.config.json` (used
 * when present). Returns null when there is no config; throws ProjectConfigError naming every
 * mistake otherwise.
 */
export function loadProjectConfig(cwd: string, file?: string): LoadedProjectConfig | null {
  const path = resolve(cwd, file ?? PROJECT_CONFIG_FILE);
  // A cloned repository chooses what is at this path: read once, a regular file of bounded size.
  let text: string | null;
  try {
    text = readBoundedTextFile(path, PROJECT_CONFIG_MAX_BYTES);
  } catch (error) {
    if (error instanceof FileRefusedError) throw new ProjectConfigError(path, [error.reason]);
    throw error;
  }
  if (text === null) {
    if (file !== undefined) throw new ProjectConfigError(path, ['no such file']);
    return null;
  }
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    throw new ProjectConfigError(path, [`not valid JSON (${(error as Error).message})`]);
  }
  const parsed = ProjectConfigSchema.safeParse(raw);
  if (!parsed.success) throw new ProjectConfigError(path, configMistakes(parsed.error));
  return { path, config: parsed.data };
}
