import { InputError } from './input-error';

/** One option of a command: with `value` it takes one (e.g. 'URL'), without it is a flag. */
export interface OptionSpec {
  readonly name: string;
  readonly value?: string;
  readonly repeatable?: boolean;
  /** A one-letter alias (`-o`). */
  readonly short?: string;
  /** An older spelling still taken, with a one-line notice on stderr (`--port` of listen is `--listener-port`). */
  readonly formerly?: string;
  readonly help: string;
}

/** The options of one command line, by their current names. */
export interface ParsedOptions {
  value(name: string): string | undefined;
  values(name: string): string[];
  flag(name: string): boolean;
}

export interface ParsedArgs extends ParsedOptions {
  readonly positional: readonly string[];
  /** Said on stderr before the command runs (an older spelling of an option). */
  readonly notices: readonly string[];
}

export interface ParseRules {
  /**
   * A single option given twice: the later wins instead of an error (serve and the desktop app,
   * whose scripts put defaults first and what a run asks for after them).
   */
  readonly laterWins?: boolean;
}

/**
 * The one parser of Hooklab's command lines: `--name value`, `--name=value`, `-x value`,
 * repeatable options, flags, bare words as positional. An unknown option is an error, never
 * ignored; `--help`/`-h` is the flag `help` where the command takes it.
 */
export function parseOptions(options: readonly OptionSpec[], argv: readonly string[], rules: ParseRules = {}): ParsedArgs {
  const known = new Map<string, OptionSpec>();
  for (const o of options) {
    known.set(o.name, o);
    if (o.formerly) known.set(o.formerly, o);
  }
  const values = new Map<string, string[]>();
  const flags = new Set<string>();
  const positional: string[] = [];
  const notices: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const word = argv[i]!;
    if (word === '-h' && known.has('help')) {
      flags.add('help');
      continue;
    }
    const short = /^-([a-zA-Z])$/.exec(word) ? options.find((o) => o.short === word[1]) : undefined;
    if (short) {
      const value = argv[++i];
      if (value === undefined) throw new InputError(`${word} needs a value (${short.value ?? ''})`);
      values.set(short.name, [...(values.get(short.name) ?? []), value]);
      continue;
    }
    if (!word.startsWith('--') || word === '--') {
      positional.push(word);
      continue;
    }
    const eq = word.indexOf('=');
    const typed = word.slice(2, eq === -1 ? undefined : eq);
    const option = known.get(typed);
    if (!option) throw new InputError(`unknown option --${typed}`);
    const name = option.name;
    if (typed !== name) notices.push(`--${typed} is now --${name} (the old spelling still works)`);
    if (!option.value) {
      if (eq !== -1) throw new InputError(`--${name} takes no value`);
      flags.add(name);
      continue;
    }
    const value = eq === -1 ? argv[++i] : word.slice(eq + 1);
    if (value === undefined) throw new InputError(`--${typed} needs a value (${option.value})`);
    const previous = values.get(name) ?? [];
    if (previous.length > 0 && !option.repeatable && !rules.laterWins) throw new InputError(`--${name} is given twice`);
    values.set(name, option.repeatable ? [...previous, value] : [value]);
  }
  return {
    positional,
    notices,
    value: (name) => values.get(name)?.at(-1),
    values: (name) => values.get(name) ?? [],
    flag: (name) => flags.has(name),
  };
}

/** A TCP port option (0 = any free port); undefined when not given. */
export function portOption(args: Pick<ParsedOptions, 'value'>, name: string): number | undefined {
  const text = args.value(name);
  if (text === undefined) return undefined;
  const port = Number(text);
  if (!/^\d+$/.test(text) || !Number.isInteger(port) || port > 65535) throw new InputError(`--${name} must be a port number 0-65535`);
  return port;
}
