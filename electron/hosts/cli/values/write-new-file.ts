import { existsSync, linkSync, lstatSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { CliError } from '../framework/exit-codes';

const exists = (path: string) => new CliError(`${path} exists: not overwritten (pass --force to replace it)`);

/** A symbolic link where the file goes (a cloned repository's, say) is never written through. */
function refuseLink(path: string): void {
  let isLink = false;
  try {
    isLink = lstatSync(path).isSymbolicLink();
  } catch {
    return; // nothing there yet
  }
  if (isLink) throw new CliError(`${path} is a symbolic link: not written through, even with --force (remove the link or choose another -o)`);
}

/** Refuses early, before any work: a symbolic link at the path, or a file there without --force. */
export function refuseExisting(path: string, force: boolean): void {
  refuseLink(path);
  if (!force && existsSync(path)) throw exists(path);
}

/**
 * Writes a file a command makes. Without `force`, 'wx' fails on anything already at the path, a
 * link included. With it, a new file is written beside it and renamed over the path: a link put
 * there since the check is replaced, never followed, and a failed write leaves the old file whole.
 */
export function writeNewFile(path: string, text: string, force: boolean): void {
  try {
    if (!force) return writeFileSync(path, text, { flag: 'wx' });
    refuseLink(path);
    const tmp = `${path}.${process.pid}.tmp`;
    try {
      writeFileSync(tmp, text, { flag: 'wx' });
      renameSync(tmp, path);
    } catch (error) {
      rmSync(tmp, { force: true });
      throw error;
    }
  } catch (error) {
    if (error instanceof CliError) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') throw exists(path);
    throw new CliError(`cannot write ${path}: ${code ?? (error as Error).message}`);
  }
}

/**
 * Writes a file a command makes from parts that arrive one at a time (an export of thousands of
 * deliveries is never one string). The parts go to a new file beside the path; it then takes the
 * path by a hard link (which, like 'wx', fails on anything there, a link included) or, with
 * `force`, by a rename over it. A failed or interrupted write leaves nothing at the path.
 */
export async function writeNewFileFrom(path: string, parts: AsyncIterable<string>, force: boolean): Promise<number> {
  refuseExisting(path, force);
  const tmp = `${path}.${process.pid}.tmp`;
  let bytes = 0;
  try {
    const out = await open(tmp, 'wx');
    try {
      for await (const part of parts) {
        await out.write(part);
        bytes += Buffer.byteLength(part);
      }
    } finally {
      await out.close();
    }
    if (force) {
      refuseLink(path);
      renameSync(tmp, path);
    } else {
      linkSync(tmp, path);
    }
  } catch (error) {
    if (error instanceof CliError) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') throw exists(path);
    throw new CliError(`cannot write ${path}: ${code ?? (error as Error).message}`);
  } finally {
    rmSync(tmp, { force: true });
  }
  return bytes;
}
