// Whether a build output is older than what it is built from, by file modification times.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** The newest modification time (ms) of a file, or of any file under a folder; 0 when absent. */
export function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stats = statSync(path);
  if (!stats.isDirectory()) return stats.mtimeMs;
  let latest = 0;
  for (const entry of readdirSync(path)) latest = Math.max(latest, newestMtime(join(path, entry)));
  return latest;
}

/** True when an output is missing or older than the newest of the sources. */
export function isStale(outputs, sources) {
  if (outputs.some((output) => !existsSync(output))) return true;
  const oldestOutput = Math.min(...outputs.map((output) => statSync(output).mtimeMs));
  return oldestOutput < Math.max(...sources.map(newestMtime));
}
