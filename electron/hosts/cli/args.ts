/** Parsed command line: repeatable `--name value` / `--name=value` options and bare `--flags`. */
export interface ParsedArgs {
  values(name: string): string[];
  value(name: string): string | undefined;
  flag(name: string): boolean;
}

/**
 * A small argv parser: `--x v`, `--x=v`, repeatable options and boolean flags. Names listed in
 * `flags` never consume the next word. Unknown options are reported, never silently ignored.
 */
export function parseArgs(
  argv: readonly string[],
  known: { options: readonly string[]; flags: readonly string[] },
): ParsedArgs {
  const values = new Map<string, string[]>();
  const flags = new Set<string>();
  for (let i = 0; i < argv.length; i++) {
    const word = argv[i]!;
    if (!word.startsWith('--')) throw new Error(`unexpected argument "${word}"`);
    const eq = word.indexOf('=');
    const name = word.slice(2, eq === -1 ? undefined : eq);
    if (known.flags.includes(name)) {
      flags.add(name);
      continue;
    }
    if (!known.options.includes(name)) throw new Error(`unknown option --${name}`);
    const value = eq === -1 ? argv[++i] : word.slice(eq + 1);
    if (value === undefined) throw new Error(`--${name} needs a value`);
    values.set(name, [...(values.get(name) ?? []), value]);
  }
  return {
    values: (name) => values.get(name) ?? [],
    value: (name) => values.get(name)?.at(-1),
    flag: (name) => flags.has(name),
  };
}

/** Parses a TCP port option (0 = any free port). */
export function parsePort(text: string | undefined, name: string): number | undefined {
  if (text === undefined) return undefined;
  const port = Number(text);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`--${name} must be a port number 0-65535`);
  return port;
}
