import { randomBytes } from 'node:crypto';
import { closeSync, constants, fchmodSync, fstatSync, lstatSync, openSync, readSync } from 'node:fs';
import { join } from 'node:path';
import { PRIVATE_FILE_MODE, writePrivateFile } from '../platform/private-files';

/** The file in the data folder that holds the local API's access token (0600). */
export const HOST_TOKEN_FILE = 'host-token';

/** Tokens are URL-safe (they ride in a URL fragment and a WebSocket subprotocol). */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{32,128}$/;

/** A host-token that is a symbolic link (or not a file): never followed, never read as a token. */
export class HostTokenRefusedError extends Error {
  constructor(path: string, what: string) {
    super(`${path} is ${what}: refused (Hooklab writes this file itself; delete it and start Hooklab again)`);
    this.name = 'HostTokenRefusedError';
  }
}

/**
 * The folder's access token, or null when none was made yet (or the file holds no token).
 * Opened without following a symbolic link: a link planted in the folder would otherwise make
 * its target's text the token and its target the file a chmod lands on.
 */
export function readHostToken(dataDir: string): string | null {
  return withTokenFile(dataDir, tokenIn);
}

function tokenIn(fd: number): string | null {
  const buffer = Buffer.alloc(256);
  const text = buffer.toString('utf8', 0, readSync(fd, buffer, 0, buffer.length, 0)).trim();
  return TOKEN_PATTERN.test(text) ? text : null;
}

/** Runs `use` on the open host-token file (a regular file, not a link); null when there is none. */
function withTokenFile<T>(dataDir: string, use: (fd: number) => T): T | null {
  const path = join(dataDir, HOST_TOKEN_FILE);
  let fd: number;
  try {
    // O_NOFOLLOW where the platform has it; the lstat covers the others.
    if (lstatSync(path).isSymbolicLink()) throw new HostTokenRefusedError(path, 'a symbolic link');
    fd = openSync(path, constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return null;
    if (code === 'ELOOP') throw new HostTokenRefusedError(path, 'a symbolic link');
    throw error;
  }
  try {
    if (!fstatSync(fd).isFile()) throw new HostTokenRefusedError(path, 'not a regular file');
    return use(fd);
  } finally {
    closeSync(fd);
  }
}

/**
 * The access token of the local API, one per data folder: made on first start and kept across
 * restarts, so a bookmarked or open tab keeps working (like ngrok's fixed inspector address);
 * `rotate()` replaces it and every open tab and tool then has to use the new one.
 */
export class HostToken {
  private token: string;
  private readonly listeners = new Set<() => void>();

  constructor(private readonly dataDir: string) {
    let existing: string | null = null;
    try {
      // Kept from an earlier version or copied in with another umask: only the user reads it
      // (chmod on the open file, so it never lands elsewhere).
      existing = withTokenFile(dataDir, (fd) => {
        const token = tokenIn(fd);
        if (token) fchmodSync(fd, PRIVATE_FILE_MODE);
        return token;
      });
    } catch (error) {
      // A link (or a folder) in its place is not a token: a new file replaces the link itself
      // (the rename in writePrivateFile), its target is left untouched.
      if (!(error instanceof HostTokenRefusedError)) throw error;
    }
    this.token = existing ?? this.write();
  }

  /** The token in force now (hosts compare against this on every request). */
  current(): string {
    return this.token;
  }

  /** Makes a new token, saves it, and tells the hosts (which drop connections made with the old one). */
  rotate(): void {
    this.token = this.write();
    for (const listener of this.listeners) listener();
  }

  onRotate(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private write(): string {
    const token = randomBytes(24).toString('base64url');
    writePrivateFile(join(this.dataDir, HOST_TOKEN_FILE), token + '\n');
    return token;
  }
}
