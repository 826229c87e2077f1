import { copyFileSync, existsSync, lstatSync, renameSync } from 'node:fs';

/**
 * A file Hooklab could not read (truncated JSON, a "database" that is not one) is moved out of
 * the way instead of stopping the app or being overwritten: renamed beside itself with the time
 * it was set aside, so the user can still recover what it held. Returns the new path.
 */
export function setAsideBrokenFile(path: string, now: Date = new Date()): string {
  const target = brokenPath(path, now);
  renameSync(path, target);
  return target;
}

/**
 * A file Hooklab can partly use (some settings of the wrong type, a secret that is a number):
 * the good part stays in use, and the file as it was is copied beside itself under the same
 * name a set-aside file gets, so what was dropped can still be recovered. Returns the copy's path.
 */
export function keepBrokenCopy(path: string, now: Date = new Date()): string {
  const target = brokenPath(path, now);
  copyFileSync(path, target);
  return target;
}

/** Something is at the path that is not a regular file (a folder, a device): it cannot be read as one. */
export function isPresentButNotAFile(path: string): boolean {
  try {
    return !lstatSync(path).isFile();
  } catch {
    return false;
  }
}

function brokenPath(path: string, now: Date): string {
  const stamp = now.toISOString().replace(/[-:]/g, '').replace(/\.\d+Z$/, 'Z');
  let target = `${path}.broken-${stamp}`;
  // Two set-asides in one second (a second bad start) must not overwrite the first copy.
  for (let n = 2; existsSync(target); n++) target = `${path}.broken-${stamp}-${n}`;
  return target;
}

/** What the app tells the user about a file it set aside: which, where it went, what was lost. */
export interface DataNotice {
  readonly file: string;
  readonly message: string;
}
