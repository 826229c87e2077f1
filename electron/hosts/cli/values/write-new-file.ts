import { existsSync, writeFileSync } from 'node:fs';
import { CliError } from '../framework/exit-codes';

const exists = (path: string) => new CliError(`${path} exists: not overwritten (pass --force to replace it)`);

/** Refuses early, before any work, when the file is there and --force was not given. */
export function refuseExisting(path: string, force: boolean): void {
  if (!force && existsSync(path)) throw exists(path);
}

/** Writes a file a command makes; without `force` nothing already at the path (a symbolic link included) is replaced. */
export function writeNewFile(path: string, text: string, force: boolean): void {
  try {
    // 'wx' fails on anything already at the path, a symbolic link included.
    writeFileSync(path, text, { flag: force ? 'w' : 'wx' });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') throw exists(path);
    throw new CliError(`cannot write ${path}: ${code ?? (error as Error).message}`);
  }
}
