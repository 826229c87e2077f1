import { liveCliExtension } from './options/live-options';
import { historyCliExtension } from './options/history-options';
import type { CliExtension } from './options/cli-extension';

export const CLI_EXTENSIONS: readonly CliExtension[] = [liveCliExtension, historyCliExtension];
