import { closeSync, constants, fstatSync, openSync, readSync, type Stats } from 'node:fs';

/** A file refused before it is read: not a regular file, or larger than its bound. */
export class FileRefusedError extends Error {
  constructor(
    readonly path: string,
    readonly reason: string,
  ) {
    super(`${path}: ${reason}`);
    this.name = 'FileRefusedError';
  }
}

const MiB = 1024 * 1024;

/** "1 MiB", "64 MiB", "512 KiB": a bound as a user reads it. */
export function sizeWords(bytes: number): string {
  return bytes >= MiB && bytes % MiB === 0 ? `${bytes / MiB} MiB` : bytes >= 1024 ? `${Math.ceil(bytes / 1024)} KiB` : `${bytes} bytes`;
}

function kindOf(stats: Stats): string {
  if (stats.isDirectory()) return 'a folder';
  if (stats.isCharacterDevice()) return 'a character device';
  if (stats.isBlockDevice()) return 'a block device';
  if (stats.isFIFO()) return 'a named pipe';
  if (stats.isSocket()) return 'a socket';
  return 'not a regular file';
}

/**
 * Reads a file someone else may have written (a repository's config, a scenario file, a file
 * to import) once, if it is a regular file of at most `maxBytes`. The checks are made on the
 * open file itself (no race with a rename), so a symlink to /dev/zero or a pipe is refused at
 * once instead of being read until memory runs out, and a file that grows while read is
 * refused at `maxBytes + 1`. Returns null when nothing is at the path.
 */
export function readBoundedFile(path: string, maxBytes: number): Uint8Array | null {
  let fd: number;
  try {
    // Non-blocking, so opening a named pipe does not wait for a writer before fstat refuses it.
    fd = openSync(path, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return null;
    throw new FileRefusedError(path, `cannot be read (${code ?? (error as Error).message})`);
  }
  try {
    const stats = fstatSync(fd);
    if (!stats.isFile()) throw new FileRefusedError(path, `is ${kindOf(stats)}, not a regular file`);
    if (stats.size > maxBytes) throw new FileRefusedError(path, `is ${sizeWords(stats.size)}, larger than the ${sizeWords(maxBytes)} allowed`);
    // Sized by what fstat says, grown (never past the bound) if the file grows meanwhile.
    let buffer = Buffer.alloc(stats.size + 1);
    let length = 0;
    for (;;) {
      if (length === buffer.length) buffer = Buffer.concat([buffer, Buffer.alloc(Math.min(buffer.length, maxBytes + 1 - length))]);
      const read = readSync(fd, buffer, length, buffer.length - length, null);
      if (read === 0) break;
      length += read;
      if (length > maxBytes) throw new FileRefusedError(path, `grew past the ${sizeWords(maxBytes)} allowed while it was read`);
    }
    return buffer.subarray(0, length);
  } finally {
    closeSync(fd);
  }
}

/** readBoundedFile as text (UTF-8). */
export function readBoundedTextFile(path: string, maxBytes: number): string | null {
  const bytes = readBoundedFile(path, maxBytes);
  return bytes === null ? null : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8');
}
