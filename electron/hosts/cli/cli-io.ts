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

export function processIo(): CliIo {
  return {
    out: (text) => process.stdout.write(text),
    err: (text) => process.stderr.write(text),
    env: process.env,
    colors: Boolean(process.stdout.isTTY) && !process.env['NO_COLOR'],
    cwd: process.cwd(),
  };
}
