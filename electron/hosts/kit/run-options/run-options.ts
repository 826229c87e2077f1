import { liveCliExtension } from './options/live-options';
import { historyCliExtension } from './options/history-options';
import { hostCliExtension } from './options/host-options';
import { sandboxCliExtension } from './options/sandbox-options';
import { tracingCliExtension } from './options/tracing-options';
import type { CliExtension } from './options/cli-extension';
import type { OptionSpec } from './framework/options';

export const CLI_EXTENSIONS: readonly CliExtension[] = [hostCliExtension, liveCliExtension, sandboxCliExtension, historyCliExtension, tracingCliExtension];

/**
 * What a run of the whole app takes on its command line: `hooklab serve`, `npm start` and the
 * desktop app read this one list (with --data-dir), so an option added to an area reaches all three.
 */
export const APP_RUN_OPTIONS: readonly OptionSpec[] = [
  ...CLI_EXTENSIONS.flatMap((e) => e.options),
  { name: 'save', help: 'keep these options (and --data-dir) for later starts, as a change in Settings; default: this run only' },
];
