import { parseOptions, type OptionSpec, type ParsedArgs } from '../cli/framework/options';
import { hostCliExtension } from '../cli/options/host-options';
import { LISTENER_PORT_OPTION } from '../cli/options/live-options';

/**
 * The options `npm start` documents, which the desktop app takes from its command line: the same
 * OptionSpecs (`--ui-port`, formerly `--port`; `--listener-port`) `hooklab serve` takes.
 */
export const DESKTOP_OPTIONS: readonly OptionSpec[] = [
  { name: 'data-dir', value: 'DIR', help: 'the data folder (database, settings, secrets); default the platform\'s app-data folder' },
  ...hostCliExtension.options,
  LISTENER_PORT_OPTION,
  { name: 'save', help: 'keep these options for later starts (without it they apply to this run only)' },
];

/**
 * Hooklab's own options among the desktop app's arguments. Electron's argv also holds its binary,
 * the app folder and switches Chromium reads (`--enable-logging`...): those are not ours to
 * refuse, so only the documented options are picked out (`--name value` or `--name=value`), then
 * parsed by the CLI's one parser.
 */
export function desktopStartArgs(argv: readonly string[]): ParsedArgs {
  const names = new Map(DESKTOP_OPTIONS.flatMap((o) => [[o.name, o] as const, ...(o.formerly ? [[o.formerly, o] as const] : [])]));
  const ours: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const word = argv[i]!;
    const option = word.startsWith('--') ? names.get(word.slice(2).split('=')[0]!) : undefined;
    if (!option) continue;
    ours.push(word);
    if (option.value && !word.includes('=') && argv[i + 1] !== undefined) ours.push(argv[++i]!);
  }
  return parseOptions(DESKTOP_OPTIONS, ours, { laterWins: true });
}
