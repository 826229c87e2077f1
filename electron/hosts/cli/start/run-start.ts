import type { CliIo } from '../cli-io';
import { EXIT } from '../framework/exit-codes';
import { terminalLine } from '../framework/terminal-text';
import { parseStartArgs, startHelp } from './start-options';
import { runQuietBuild, type QuietBuild } from './quiet-build';

export interface StartDeps {
  /** The build to run first, or null when the app is already built from the current sources. */
  readonly build: QuietBuild | null;
  /** Opens the app (the desktop app, or the browser host) with the checked arguments; its exit status. */
  launch(argv: readonly string[]): Promise<number>;
}

/**
 * `npm start`: the arguments are checked (and --help answered) before anything is built, so a
 * typo costs no build; then the build, quiet unless it fails; then the app.
 */
export async function runStart(argv: readonly string[], io: CliIo, deps: StartDeps): Promise<number> {
  try {
    if (parseStartArgs(argv).flag('help')) {
      io.out(startHelp());
      return EXIT.done;
    }
  } catch (error) {
    io.err(`hooklab: ${terminalLine((error as Error).message)}\nusage: npm start -- [options] (npm start -- --help lists them)\n`);
    return EXIT.couldNotRun;
  }
  if (deps.build && !runQuietBuild(deps.build, io.err)) return EXIT.couldNotRun;
  return deps.launch(argv);
}
