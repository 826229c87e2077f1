/** Where a command writes, and the environment it reads (tests pass their own). */
export interface CliIo {
  out(text: string): void;
  err(text: string): void;
  readonly env: NodeJS.ProcessEnv;
  /** Colours allowed: stdout is a terminal and NO_COLOR is not set. */
  readonly colors?: boolean;
  /** Folder relative paths and the config file are looked up in. */
  readonly cwd?: string;
}

/** A mistake in how the command was called: exit status 2 with the usage. */
export class CliUsageError extends Error {}

export function processIo(): CliIo {
  return {
    out: (text) => process.stdout.write(text),
    err: (text) => process.stderr.write(text),
    env: process.env,
    colors: Boolean(process.stdout.isTTY) && !process.env['NO_COLOR'],
    cwd: process.cwd(),
  };
}

/** Bare words before/between options (URL, FILE) apart from the `--options`. */
export function splitPositional(argv: readonly string[]): { positional: string[]; rest: string[] } {
  const positional: string[] = [];
  const rest: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const word = argv[i]!;
    if (word.startsWith('--')) {
      rest.push(word);
      // An option's separate value travels with it (flags are listed by the caller's parser).
      if (!word.includes('=') && VALUE_OPTIONS.has(word.slice(2)) && i + 1 < argv.length) rest.push(argv[++i]!);
    } else positional.push(word);
  }
  return { positional, rest };
}

/** Options that take a value, so their value is not mistaken for a positional word. */
const VALUE_OPTIONS = new Set(['only', 'timeout-ms', 'data-dir']);
