import type { OptionSpec, ParsedOptions } from '../options';
import type { CoreContext } from '../../../core/context';

/**
 * Options of an area that set its settings before the core starts (listener, history...), taken
 * by `hooklab serve` and, some of them, the desktop app: the same OptionSpec as every command's.
 */
export interface CliExtension {
  readonly options: readonly OptionSpec[];
  /**
   * Puts what the options ask for into settings and secrets before the core starts (for this
   * run only unless `--save`: the host runs it inside RunOverrides.runOnly).
   */
  apply(args: ParsedOptions, env: NodeJS.ProcessEnv, ctx: CoreContext): void;
}
