import { existsSync, renameSync } from 'node:fs';

/**
 * A file Hooklab could not read (truncated JSON, a "database" that is not one) is moved out of
 * the way instead of stopping the app or being overwritten: renamed beside itself with the time
 * it was set aside, so the user can still recover what it held. Returns the new path.
 */
export function setAsideBrokenFile(path: string, now: Date = new Date()): string {
  const stamp = now.toISOString().replace(/[-:]/g, '').replace(/\.\d+Z$/, 'Z');
  let target = `${path}.broken-${stamp}`;
  // Two set-asides in one second (a second bad start) must not overwrite the first copy.
  for (let n = 2; existsSync(target); n++) target = `${path}.broken-${stamp}-${n}`;
  renameSync(path, target);
  return target;
}

/** What the app tells the user about a file it set aside: which, where it went, what was lost. */
export interface DataNotice {
  readonly file: string;
  readonly message: string;
}
