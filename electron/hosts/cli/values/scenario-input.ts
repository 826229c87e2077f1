import { parseScenarioFile, SCENARIO_FILE_MAX_BYTES, type ScenarioFile } from '../../../../shared/scenario/scenario-file';
import { FileRefusedError, readBoundedTextFile } from '../../../services/platform/bounded-file';
import type { Invocation } from '../framework/command';
import { configOf } from '../framework/context';
import { CliError } from '../framework/exit-codes';
import { scenarioFileToRead } from './scenario-path';
import { bundleAsScenario, parsedBundle } from './bundle-scenario';

/** A scenario to replay, and for a .hooklab bundle the throwaway key it was re-signed with. */
export interface ScenarioInput {
  readonly file: ScenarioFile;
  /** Set only for a bundle (null when it carries no key). */
  readonly bundleKey?: string | null;
}

/** A scenario file read and checked, or a CliError in one line (not there, not a regular file, not a scenario). */
export function readScenarioFile(path: string): ScenarioFile {
  return readScenarioInput(path).file;
}

/** A scenario file or a .hooklab bundle (docs/share.md), read and checked, or a CliError in one line. */
export function readScenarioInput(path: string): ScenarioInput {
  let text: string | null;
  try {
    // A regular file of at most 64 MiB, read once: a symlink to /dev/zero is refused at once.
    text = readBoundedTextFile(path, SCENARIO_FILE_MAX_BYTES);
  } catch (error) {
    if (error instanceof FileRefusedError) throw new CliError(error.message);
    throw error;
  }
  if (text === null) throw new CliError(`cannot read ${path}: ENOENT`);
  const bundle = parsedBundle(text, path);
  if (bundle !== null) {
    const { file, signingKey } = bundleAsScenario(bundle, path);
    return { file, bundleKey: signingKey };
  }
  const parsed = parseScenarioFile(text);
  if (!parsed.ok) throw new CliError(`${path}: ${parsed.error}`);
  return { file: parsed.file };
}

/** The scenario file a command names (`scenario run`, `scenario fuzz`): its path and content, or the one-line reason it cannot be read. */
export function loadScenarioFile(inv: Invocation): { path: string } & ScenarioInput {
  const path = scenarioFileToRead(inv.positional[0]!, inv.io.cwd ?? process.cwd(), configOf(inv));
  return { path, ...readScenarioInput(path) };
}
