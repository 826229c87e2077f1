import { parseOptions, type OptionSpec, type ParsedArgs } from '../framework/options';
import { COMMON_OPTIONS, optionLines } from '../framework/command';
import { APP_RUN_OPTIONS } from '../extensions';

const DATA_DIR = COMMON_OPTIONS.find((o) => o.name === 'data-dir')!;
const HELP: OptionSpec = { name: 'help', help: 'this help' };

/** What `npm start` and the desktop app take: the options of `hooklab serve` (one list, APP_RUN_OPTIONS). */
export const START_OPTIONS: readonly OptionSpec[] = [...APP_RUN_OPTIONS, DATA_DIR];

/**
 * `npm start`'s command line, read by the CLI's one parser (a later option overrides an earlier
 * one, as in serve). Throws a CliError on an unknown option or a missing value.
 */
export function parseStartArgs(argv: readonly string[]): ParsedArgs {
  return parseOptions([...START_OPTIONS, HELP], argv, { laterWins: true });
}

/** `npm start -- --help`: printed before anything is built. */
export function startHelp(): string {
  const lines = [
    'usage: npm start -- [options]',
    '',
    'Builds the app when its sources changed, then opens the desktop app (the browser host where',
    'there is no display or no Electron binary). The same options as `npm run serve`; they apply',
    'to this run only unless --save is given.',
    '',
    'options:',
    ...optionLines([...START_OPTIONS, HELP]),
  ];
  return lines.join('\n') + '\n';
}

/**
 * How `npm start` hands the checked options to the desktop app it opens (a JSON array of the
 * words): Electron gives its argv to Chromium as well, which has switches of the same names.
 */
export const START_ARGS_ENV = 'HOOKLAB_START_ARGS';
