import { existsSync, mkdirSync, realpathSync } from 'node:fs';
import { dirname, isAbsolute, join, relative, resolve } from 'node:path';
import type { LoadedProjectConfig } from '../../../services/project-config/project-config';
import { CliError } from '../framework/exit-codes';

/** `path` is `root` or below it. */
function isInside(root: string, path: string): boolean {
  const rel = relative(root, path);
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
}

/** The path with its symbolic links resolved, as far as it exists (a folder not made yet is checked by its parent). */
function realPath(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    const parent = dirname(path);
    return parent === path ? path : join(realPath(parent), relative(parent, path));
  }
}

/**
 * The config's `scenarios` folder, resolved against the config file's own folder (the file is
 * committed beside the code, so the folder means the same from any working directory). A
 * cloned repository's config must not send a bare name elsewhere on the machine: the folder
 * stays inside the config's folder (symbolic links resolved); a file elsewhere is named by its
 * path on the command line.
 */
function scenariosFolder(config: LoadedProjectConfig | null): string | null {
  const folder = config?.config.scenarios;
  if (!config || !folder) return null;
  const root = dirname(config.path);
  const resolved = resolve(root, folder);
  if (!isInside(realPath(root), realPath(resolved))) {
    throw new CliError(`the scenarios folder "${folder}" of ${config.path} is outside the config's folder: refused (give the scenario file's path instead of a bare name)`);
  }
  return resolved;
}

/** A name with no path separator (either kind) means a file of the scenarios folder. */
function isBareName(word: string): boolean {
  return !/[\\/]/.test(word);
}

const withJson = (name: string) => (name.endsWith('.json') ? name : `${name}.json`);

/**
 * The file `scenario run WORD` reads: a bare name (with or without .json) inside the config's
 * scenarios folder, any other word a path from the working directory. A name not found there
 * names the folder searched.
 */
export function scenarioFileToRead(word: string, cwd: string, config: LoadedProjectConfig | null): string {
  const folder = scenariosFolder(config);
  if (!folder || !isBareName(word)) return resolve(cwd, word);
  const candidates = [...new Set([withJson(word), word])].map((name) => join(folder, name));
  const found = candidates.find((path) => existsSync(path));
  if (!found) throw new CliError(`no scenario "${word}" in ${folder} (the scenarios folder of ${config!.path})`);
  return found;
}

/**
 * The scenario file a word names when it names one (`scenario test WORD` also takes an order
 * id): a word with a path separator or `.json`, an existing file, or a bare name found in the
 * config's scenarios folder; else null.
 */
export function scenarioFileIfNamed(word: string, cwd: string, config: LoadedProjectConfig | null): string | null {
  if (!isBareName(word) || word.endsWith('.json') || existsSync(resolve(cwd, word))) return scenarioFileToRead(word, cwd, config);
  const folder = scenariosFolder(config);
  const found = folder ? [withJson(word), word].map((name) => join(folder, name)).find((path) => existsSync(path)) : undefined;
  return found ?? null;
}

/**
 * The file `scenario record -o WORD` writes: a bare name becomes `<name>.json` in the config's
 * scenarios folder (created when missing), any other word a path from the working directory.
 */
export function scenarioFileToWrite(word: string, cwd: string, config: LoadedProjectConfig | null): string {
  const folder = scenariosFolder(config);
  if (!folder || !isBareName(word)) return resolve(cwd, word);
  mkdirSync(folder, { recursive: true });
  return join(folder, withJson(word));
}
