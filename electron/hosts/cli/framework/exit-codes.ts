import { InputError } from '../../kit/input-error';

/** The exit statuses every `hooklab` command uses (stated in `hooklab --help`). */
export const EXIT = {
  /** The command did what was asked. */
  done: 0,
  /** It ran, and a check or an expectation failed. */
  failed: 1,
  /** It could not run: bad input, unreachable target, data folder held by another Hooklab. */
  couldNotRun: 2,
} as const;

export const EXIT_CODES_HELP = 'Exit status: 0 done, 1 a check or expectation failed, 2 the command could not run (bad input, unreachable target).';

/**
 * A reason the command cannot run: one line on stderr, exit status 2. It is the hosts' InputError
 * (kit/input-error.ts), which the options every host shares throw too; runCommand says both.
 */
export class CliError extends InputError {}
