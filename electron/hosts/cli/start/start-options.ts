import { parseOptions, type OptionSpec, type ParsedArgs } from '../../kit/options';
import { optionLines } from '../framework/command';
import { START_OPTIONS } from '../../kit/run-options/run-options';

const HELP: OptionSpec = { name: 'help', help: 'this help' };

/**
 * `npm start`'s command line, read by the hosts' one parser (a later option overrides an earlier
 * one, as in serve). Throws an InputError on an unknown option or a missing value.
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
