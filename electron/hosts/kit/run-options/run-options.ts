import { liveCliExtension } from './live-options';
import { historyCliExtension } from './history-options';
import { hostCliExtension } from './host-options';
import { sandboxCliExtension } from './sandbox-options';
import { tracingCliExtension } from './tracing-options';
import type { CliExtension } from './cli-extension';
import type { OptionSpec } from '../options';
import { DATA_DIR_OPTION } from '../data-dir';

/** `--save`: serve, listen, `npm start` and the desktop app keep this run's options (and --data-dir). */
export const SAVE_OPTION: OptionSpec = { name: 'save', help: 'keep these options (and --data-dir) for later starts, as a change in Settings; default: this run only' };

export const CLI_EXTENSIONS: readonly CliExtension[] = [hostCliExtension, liveCliExtension, sandboxCliExtension, historyCliExtension, tracingCliExtension];

/**
 * What a run of the whole app takes on its command line: `hooklab serve`, `npm start` and the
 * desktop app read this one list (with --data-dir), so an option added to an area reaches all three.
 */
export const APP_RUN_OPTIONS: readonly OptionSpec[] = [...CLI_EXTENSIONS.flatMap((e) => e.options), SAVE_OPTION];

/** What `npm start` and the desktop app take: the options of `hooklab serve` (APP_RUN_OPTIONS) and --data-dir. */
export const START_OPTIONS: readonly OptionSpec[] = [...APP_RUN_OPTIONS, DATA_DIR_OPTION];

/**
 * How `npm start` hands the checked options to the desktop app it opens (a JSON array of the
 * words): Electron gives its argv to Chromium as well, which has switches of the same names.
 */
export const START_ARGS_ENV = 'HOOKLAB_START_ARGS';
