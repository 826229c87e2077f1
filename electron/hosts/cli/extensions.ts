import { liveCliExtension } from './options/live-options';
import { historyCliExtension } from './options/history-options';
import { hostCliExtension } from './options/host-options';
import { sandboxCliExtension } from './options/sandbox-options';
import { tracingCliExtension } from './options/tracing-options';
import type { CliExtension } from './options/cli-extension';

export const CLI_EXTENSIONS: readonly CliExtension[] = [hostCliExtension, liveCliExtension, sandboxCliExtension, historyCliExtension, tracingCliExtension];
