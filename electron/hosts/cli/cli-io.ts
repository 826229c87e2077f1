import { createInterface } from 'node:readline/promises';

/** Where a command writes, and the environment it reads (tests pass their own). */
export interface CliIo {
  out(text: string): void;
  err(text: string): void;
  readonly env: NodeJS.ProcessEnv;
  /** Colours allowed: stdout is a terminal and NO_COLOR is not set. */
  readonly colors?: boolean;
  /** Folder relative paths and the config file are looked up in. */
  readonly cwd?: string;
  /** Asks the person at the terminal and resolves with the answer; absent when stdin or stdout is not a terminal. */
  readonly ask?: (question: string) => Promise<string>;
}

/** One question on the terminal, answered by a line of stdin. */
async function askOnTerminal(question: string): Promise<string> {
  const rl = createInterface({ input: process.stdin, output: process.stdout });
  try {
    return await rl.question(question);
  } finally {
    rl.close();
  }
}

export function processIo(): CliIo {
  return {
    out: (text) => process.stdout.write(text),
    err: (text) => process.stderr.write(text),
    env: process.env,
    colors: Boolean(process.stdout.isTTY) && !process.env['NO_COLOR'],
    cwd: process.cwd(),
    ...(process.stdin.isTTY && process.stdout.isTTY ? { ask: askOnTerminal } : {}),
  };
}
