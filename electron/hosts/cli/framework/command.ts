import type { CliIo } from '../cli-io';
import { CliError, EXIT, EXIT_CODES_HELP } from './exit-codes';
import { createOutput, type Output } from './output';
import { terminalLine } from './terminal-text';
import { DataFolderError } from '../../../services/platform/private-files';

/** One option of a command: with `value` it takes one (e.g. 'URL'), without it is a flag. */
export interface OptionSpec {
  readonly name: string;
  readonly value?: string;
  readonly repeatable?: boolean;
  /** A one-letter alias (`-o`). */
  readonly short?: string;
  readonly help: string;
}

/** What a command's run receives: its words, its options, where to write. */
export interface Invocation {
  readonly positional: readonly string[];
  value(name: string): string | undefined;
  values(name: string): string[];
  flag(name: string): boolean;
  readonly io: CliIo;
  readonly out: Output;
}

export interface CommandSpec {
  /** As typed: 'trigger', 'scenario run'. */
  readonly name: string;
  /** The positional part of the usage line: '<EventType|scenario>'. */
  readonly args: string;
  readonly summary: string;
  readonly positional: { readonly min: number; readonly max: number };
  readonly options: readonly OptionSpec[];
  readonly examples?: readonly string[];
  run(inv: Invocation): Promise<number>;
}

/** Options every command takes. */
export const COMMON_OPTIONS: readonly OptionSpec[] = [
  { name: 'data-dir', value: 'DIR', help: "Hooklab's data folder (default: the desktop app's)" },
  { name: 'config', value: 'FILE', help: 'config file (default: ./hooklab.config.json when present)' },
  { name: 'json', help: 'one JSON object per line on stdout' },
  { name: 'help', help: 'this help' },
];

function optionUsage(o: OptionSpec): string {
  const word = `${o.short ? `-${o.short}, ` : ''}${o.value ? `--${o.name} ${o.value}` : `--${o.name}`}`;
  return o.repeatable ? `${word}...` : word;
}

/** `hooklab <command> --help`: the usage line, every option with its help, the exit statuses. */
export function commandHelp(spec: CommandSpec): string {
  const all = [...spec.options, ...COMMON_OPTIONS];
  const width = Math.max(...all.map((o) => optionUsage(o).length));
  const lines = [`usage: hooklab ${spec.name}${spec.args ? ` ${spec.args}` : ''} [options]`, '', spec.summary, '', 'options:'];
  for (const o of all) lines.push(`  ${optionUsage(o).padEnd(width)}  ${o.help}`);
  if (spec.examples?.length) lines.push('', 'examples:', ...spec.examples.map((e) => `  ${e}`));
  lines.push('', EXIT_CODES_HELP);
  return lines.join('\n') + '\n';
}

/** Splits argv into positional words and known options; an unknown option is an error. */
export function parseInvocationArgs(spec: CommandSpec, argv: readonly string[]): Omit<Invocation, 'io' | 'out'> {
  const known = new Map([...spec.options, ...COMMON_OPTIONS].map((o) => [o.name, o]));
  const values = new Map<string, string[]>();
  const flags = new Set<string>();
  const positional: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const word = argv[i]!;
    if (word === '-h') {
      flags.add('help');
      continue;
    }
    const short = /^-([a-zA-Z])$/.exec(word) ? spec.options.find((o) => o.short === word[1]) : undefined;
    if (short) {
      const value = argv[++i];
      if (value === undefined) throw new CliError(`${word} needs a value (${short.value ?? ''})`);
      values.set(short.name, [...(values.get(short.name) ?? []), value]);
      continue;
    }
    if (!word.startsWith('--') || word === '--') {
      positional.push(word);
      continue;
    }
    const eq = word.indexOf('=');
    const name = word.slice(2, eq === -1 ? undefined : eq);
    const option = known.get(name);
    if (!option) throw new CliError(`unknown option --${name}`);
    if (!option.value) {
      if (eq !== -1) throw new CliError(`--${name} takes no value`);
      flags.add(name);
      continue;
    }
    const value = eq === -1 ? argv[++i] : word.slice(eq + 1);
    if (value === undefined) throw new CliError(`--${name} needs a value (${option.value})`);
    const previous = values.get(name) ?? [];
    if (previous.length > 0 && !option.repeatable) throw new CliError(`--${name} is given twice`);
    values.set(name, [...previous, value]);
  }
  return {
    positional,
    value: (name) => values.get(name)?.at(-1),
    values: (name) => values.get(name) ?? [],
    flag: (name) => flags.has(name),
  };
}

/**
 * Runs one command: --help, argument checks, then the command itself. Every error that stops
 * it is one line on stderr (plus the usage for a mistake in the command line) and exit 2.
 */
export async function runCommand(spec: CommandSpec, argv: readonly string[], io: CliIo): Promise<number> {
  let parsed: Omit<Invocation, 'io' | 'out'>;
  try {
    parsed = parseInvocationArgs(spec, argv);
    if (parsed.flag('help')) {
      io.out(commandHelp(spec));
      return EXIT.done;
    }
    const { min, max } = spec.positional;
    const count = parsed.positional.length;
    if (count < min) throw new CliError(`missing ${spec.args}`);
    if (count > max) throw new CliError(`unexpected argument "${parsed.positional[max]}"`);
  } catch (error) {
    io.err(`hooklab ${spec.name}: ${terminalLine((error as Error).message)}\nusage: hooklab ${spec.name} ${spec.args} [options] (hooklab ${spec.name} --help lists them)\n`);
    return EXIT.couldNotRun;
  }
  const out = createOutput(io, parsed.flag('json'));
  try {
    return await spec.run({ ...parsed, io, out });
  } catch (error) {
    // A data folder that cannot be one (a file, /dev/null, read-only) is said in one line too.
    if (error instanceof CliError || error instanceof DataFolderError) {
      // The message may quote a file or an answer (a JSON parse error quotes the text).
      io.err(`hooklab ${spec.name}: ${terminalLine(error.message)}\n`);
      return EXIT.couldNotRun;
    }
    throw error;
  }
}
