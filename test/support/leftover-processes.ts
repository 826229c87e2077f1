import { readdirSync, readFileSync } from 'node:fs';

/**
 * Finds processes a test run left behind. Every process a test starts inherits
 * `HOOKLAB_TEST_RUN=<marker>` from the runner's environment, even after its parent died and it
 * was re-parented to init, so the marker finds orphans a parent-pid walk would miss; the walk
 * also finds children started with an explicit, marker-free environment.
 */
export const TEST_RUN_ENV = 'HOOKLAB_TEST_RUN';

/** A process still alive after the run, with what it was started as. */
export interface Leftover {
  readonly pid: number;
  readonly commandLine: string;
}

/** Marks this process (and so everything it starts from now on) as part of one test run. */
export function markTestRun(): string {
  const marker = `${process.pid}-${Date.now().toString(36)}`;
  process.env[TEST_RUN_ENV] = marker;
  return marker;
}

interface ProcInfo {
  pid: number;
  ppid: number;
  state: string;
}

function readProc(pid: number): ProcInfo | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) is in parentheses and may itself contain spaces or ')'.
    const rest = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { pid, state: rest[0]!, ppid: Number(rest[1]) };
  } catch {
    return null; // gone meanwhile
  }
}

function commandLine(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean).join(' ');
  } catch {
    return '?';
  }
}

function carriesMarker(pid: number, marker: string): boolean {
  try {
    return readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0').includes(`${TEST_RUN_ENV}=${marker}`);
  } catch {
    return false;
  }
}

/**
 * Live (not zombie) processes other than `rootPid` that carry the marker or descend from
 * `rootPid`, except those `isRunner` says belong to the test runner itself (its workers).
 * Linux only (/proc); elsewhere it finds nothing.
 */
export function findLeftovers(marker: string, rootPid: number, isRunner: (commandLine: string) => boolean): Leftover[] {
  let entries: string[];
  try {
    entries = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return [];
  }
  const procs = new Map<number, ProcInfo>();
  for (const name of entries) {
    const info = readProc(Number(name));
    if (info && info.state !== 'Z') procs.set(info.pid, info);
  }
  const descends = (pid: number): boolean => {
    for (let p = procs.get(pid)?.ppid, hops = 0; p !== undefined && p > 1 && hops < 64; p = procs.get(p)?.ppid, hops++) {
      if (p === rootPid) return true;
    }
    return false;
  };
  const found: Leftover[] = [];
  for (const { pid } of procs.values()) {
    if (pid === rootPid || pid === process.pid) continue;
    if (!carriesMarker(pid, marker) && !descends(pid)) continue;
    const cmd = commandLine(pid);
    if (!isRunner(cmd)) found.push({ pid, commandLine: cmd });
  }
  return found;
}

/**
 * Throws, naming every leftover's command line, when processes of this run are still alive
 * after `graceMs` (a process told to stop a moment ago may still be exiting). The leftovers
 * are then killed, so one failed run does not poison the next.
 */
export async function failOnLeftovers(
  marker: string,
  rootPid: number,
  isRunner: (commandLine: string) => boolean,
  graceMs = 3_000,
): Promise<void> {
  const deadline = Date.now() + graceMs;
  let leftovers = findLeftovers(marker, rootPid, isRunner);
  while (leftovers.length > 0 && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    leftovers = findLeftovers(marker, rootPid, isRunner);
  }
  if (leftovers.length === 0) return;
  for (const { pid } of leftovers) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
  throw new Error(
    `tests left ${leftovers.length} process(es) running (now killed); a test must stop what it starts:\n` +
      leftovers.map((l) => `  pid ${l.pid}: ${l.commandLine}`).join('\n'),
  );
}
