import type { ParsedArgs } from './args';
import type { CoreContext } from '../../services/kernel/feature';
import { liveCliExtension } from './options/live-options';
import { historyCliExtension } from './options/history-options';
import { hostCliExtension } from './options/host-options';
import { sandboxCliExtension } from './options/sandbox-options';

/** Command-line options an area adds to `npm run serve` (listener, history...). */
export interface CliExtension {
  readonly usage: string;
  readonly options: readonly string[];
  readonly flags: readonly string[];
  /**
   * Puts what the options ask for into settings and secrets before the core starts (for this
   * run only unless `--save`: the host runs it inside RunOverrides.runOnly).
   */
  apply(args: ParsedArgs, env: NodeJS.ProcessEnv, ctx: CoreContext): void;
}

export const CLI_EXTENSIONS: readonly CliExtension[] = [hostCliExtension, liveCliExtension, sandboxCliExtension, historyCliExtension];
