/** The newest modification time (ms) of a file, or of any file under a folder; 0 when absent. */
export function newestMtime(path: string): number;
/** True when an output is missing or older than the newest of the sources. */
export function isStale(outputs: readonly string[], sources: readonly string[]): boolean;
