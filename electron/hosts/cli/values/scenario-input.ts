import type { ScenarioFile } from '../../../../shared/scenario/scenario-file';
import type { Invocation } from '../framework/command';
import { configOf } from '../framework/context';
import { readScenarioFile } from './scenario-file-read';
import { scenarioFileToRead } from './scenario-path';

/** The scenario file a command names (`scenario run`, `scenario fuzz`): its path and content, or the one-line reason it cannot be read. */
export function loadScenarioFile(inv: Invocation): { path: string; file: ScenarioFile } {
  const path = scenarioFileToRead(inv.positional[0]!, inv.io.cwd ?? process.cwd(), configOf(inv));
  return { path, file: readScenarioFile(path) };
}
