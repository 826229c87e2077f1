import { lstatSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { CliError } from '../framework/exit-codes';

/** What is at a path: nothing, a file, or something setup must not write through or over. */
function kindAt(path: string): 'none' | 'file' | 'dir' | 'link' | 'other' {
  try {
    const s = lstatSync(path);
    return s.isSymbolicLink() ? 'link' : s.isFile() ? 'file' : s.isDirectory() ? 'dir' : 'other';
  } catch {
    return 'none';
  }
}

/**
 * Refuses a file of the project that is, or lies under, a symbolic link (a cloned repository
 * could point `.cursor` or `CLAUDE.md` anywhere on the machine): checked for the file and each
 * folder between the project and it, before anything is read or written.
 */
export function refuseLinks(project: string, relPath: string): void {
  const parts = relPath.split(/[\\/]/);
  for (let i = 1; i <= parts.length; i++) {
    const at = join(project, ...parts.slice(0, i));
    const kind = kindAt(at);
    if (kind === 'link') throw new CliError(`${relative(project, at) || at} is a symbolic link: not written through (remove the link, or edit the file yourself), nothing was written`);
    if (i < parts.length && kind !== 'none' && kind !== 'dir') throw new CliError(`${relative(project, at)} is not a folder: nothing was written`);
    if (i === parts.length && kind !== 'none' && kind !== 'file') throw new CliError(`${relPath} is not a regular file: nothing was written`);
  }
}

/** The file's text, or null when it does not exist yet. */
export function readIfThere(path: string): string | null {
  return kindAt(path) === 'none' ? null : readFileSync(path, 'utf8');
}

/** Makes the folders a file of the project needs (with the project's usual permissions). */
export function ensureFolderOf(project: string, relPath: string): void {
  const dir = dirname(join(project, relPath));
  if (dir !== project && !dir.startsWith(project + sep)) throw new CliError(`${relPath} is outside the project`);
  mkdirSync(dir, { recursive: true });
}
