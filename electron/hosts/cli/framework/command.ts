import type { CliIo } from '../cli-io';
import { CliError, EXIT, EXIT_CODES_HELP } from './exit-codes';
import { parseOptions, type OptionSpec, type ParsedOptions, type ParseRules } from '../../kit/options';
import { createOutput, type Output } from './output';
import { terminalLine } from './terminal-text';
import { DATA_DIR_OPTION } from '../../kit/data-dir';
import { InputError } from '../../kit/input-error';
import { DataFolderError } from '../../../services/platform/private-files';

export type { OptionSpec } from '../../kit/options';

/** What a command's run receives: its words, its options, where to write. */
export interface Invocation extends ParsedOptions {
  readonly positional: readonly string[];
  readonly io: CliIo;
  readonly out: Output;
}

/** The options every command takes unless it says otherwise (`common`). */
export type CommonOption = 'data-dir' | 'config' | 'json';

export interface CommandSpec {
  /** As typed: 'trigger', 'scenario run'. */
  readonly name: string;
  /** The positional part of the usage line: '<EventType|scenario>'; none when it takes no words. */
  readonly args?: string;
  readonly summary: string;
  /** How many words it takes (default: none, as for `args`). */
  readonly positional?: { readonly min: number; readonly max: number };
  readonly options: readonly OptionSpec[];
  /** Which of COMMON_OPTIONS it takes (default: all); --help always. */
  readonly common?: readonly CommonOption[];
  readonly examples?: readonly string[];
  /** How its command line is read beyond the options (see ParseRules). */
  readonly rules?: ParseRules;
  run(inv: Invocation): Promise<number>;
}

/** Options every command takes. */
export const COMMON_OPTIONS: readonly OptionSpec[] = [
  DATA_DIR_OPTION,
  { name: 'config', value: 'FILE', help: 'config file (default: ./hooklab.config.json when present)' },
  { name: 'json', help: 'one JSON object per line on stdout' },
];

const HELP_OPTION: OptionSpec = { name: 'help', help: 'this help' };

/** The command's options, then the common ones it takes, then --help. */
export function optionsOf(spec: CommandSpec): OptionSpec[] {
  const common = COMMON_OPTIONS.filter((o) => (spec.common ?? COMMON_OPTIONS.map((c) => c.name)).includes(o.name as CommonOption));
  return [...spec.options, ...common, HELP_OPTION];
}

/** What a command without `positional` takes: no words. */
const NO_WORDS = { min: 0, max: 0 };

/** `hooklab <name> <args>` as the usage lines show it. */
export function commandLine(spec: CommandSpec): string {
  return `hooklab ${spec.name}${spec.args ? ` ${spec.args}` : ''}`;
}

/** `--name VALUE` as the usage shows it. */
export function optionUsage(o: OptionSpec): string {
  const word = `${o.short ? `-${o.short}, ` : ''}${o.value ? `--${o.name} ${o.value}` : `--${o.name}`}`;
  return o.repeatable ? `${word}...` : word;
}

/** One aligned line per option, `  --name VALUE  help (formerly --old)`, as every --help shows them. */
export function optionLines(options: readonly OptionSpec[]): string[] {
  const width = Math.max(...options.map((o) => optionUsage(o).length));
  return options.map((o) => `  ${optionUsage(o).padEnd(width)}  ${o.help}${o.formerly ? ` (formerly --${o.formerly})` : ''}`);
}

/** `hooklab <command> --help`: the usage line, every option with its help, the exit statuses. */
export function commandHelp(spec: CommandSpec): string {
  const lines = [`usage: ${commandLine(spec)} [options]`, '', spec.summary, '', 'options:', ...optionLines(optionsOf(spec))];
  if (spec.examples?.length) lines.push('', 'examples:', ...spec.examples.map((e) => `  ${e}`));
  lines.push('', EXIT_CODES_HELP);
  return lines.join('\n') + '\n';
}

function usageLine(spec: CommandSpec): string {
  return `usage: ${commandLine(spec)} [options] (hooklab ${spec.name} --help lists them)`;
}

/**
 * Runs one command: --help, argument checks, then the command itself. Every error that stops
 * it is one line on stderr (plus the usage for a mistake in the command line) and exit 2.
 */
export async function runCommand(spec: CommandSpec, argv: readonly string[], io: CliIo): Promise<number> {
  let parsed: ReturnType<typeof parseOptions>;
  try {
    parsed = parseOptions(optionsOf(spec), argv, spec.rules);
    if (parsed.flag('help')) {
      io.out(commandHelp(spec));
      return EXIT.done;
    }
    const { min, max } = spec.positional ?? NO_WORDS;
    const count = parsed.positional.length;
    if (count < min) throw new CliError(`missing ${spec.args ?? ''}`);
    if (count > max) throw new CliError(`unexpected argument "${parsed.positional[max]}"`);
  } catch (error) {
    io.err(`hooklab ${spec.name}: ${terminalLine((error as Error).message)}\n${usageLine(spec)}\n`);
    return EXIT.couldNotRun;
  }
  for (const notice of parsed.notices) io.err(`hooklab ${spec.name}: ${notice}\n`);
  const out = createOutput(io, parsed.flag('json'));
  try {
    return await spec.run({ ...parsed, io, out });
  } catch (error) {
    // A data folder that cannot be one (a file, /dev/null, read-only) is said in one line too.
    if (error instanceof InputError || error instanceof DataFolderError) {
      // The message may quote a file or an answer (a JSON parse error quotes the text).
      const usage = error instanceof InputError && error.options.usage ? `${usageLine(spec)}\n` : '';
      io.err(`hooklab ${spec.name}: ${terminalLine(error.message)}\n${usage}`);
      return EXIT.couldNotRun;
    }
    throw error;
  }
}
