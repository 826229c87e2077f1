import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';

/** A build to run quietly: the command, and the line said while it runs. */
export interface QuietBuild {
  readonly command: string;
  readonly args: readonly string[];
  readonly cwd: string;
  /** Said once before the build ("Building the UI…"). */
  readonly label: string;
}

/**
 * Runs a build with its output in a log file instead of the terminal: the user sees one line
 * while it works. When it fails, the whole output is shown and the log is kept (its path is
 * said) for a bug report; when it succeeds the log is removed. Returns whether it succeeded.
 */
export function runQuietBuild(build: QuietBuild, err: (text: string) => void): boolean {
  err(`${build.label}\n`);
  const folder = mkdtempSync(join(tmpdir(), 'hooklab-build-'));
  const log = join(folder, 'build.log');
  const fd = openSync(log, 'w');
  let result: ReturnType<typeof spawnSync>;
  try {
    result = spawnSync(build.command, build.args, { cwd: build.cwd, stdio: ['ignore', fd, fd] });
  } finally {
    closeSync(fd);
  }
  if (result.status === 0) {
    rmSync(folder, { recursive: true, force: true });
    return true;
  }
  const why = result.error ? result.error.message : result.signal ? `stopped by ${result.signal}` : `exit status ${result.status}`;
  err(`${readFileSync(log, 'utf8')}\nThe build failed (${why}). Its full log: ${log}\n`);
  return false;
}
