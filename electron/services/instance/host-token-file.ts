import { randomBytes } from 'node:crypto';
import { chmodSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PRIVATE_FILE_MODE, writePrivateFile } from '../platform/private-files';

/** The file in the data folder that holds the local API's access token (0600). */
export const HOST_TOKEN_FILE = 'host-token';

/** Tokens are URL-safe (they ride in a URL fragment and a WebSocket subprotocol). */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{32,128}$/;

/** The folder's access token, or null when none was made yet (or the file is not one). */
export function readHostToken(dataDir: string): string | null {
  let text: string;
  try {
    text = readFileSync(join(dataDir, HOST_TOKEN_FILE), 'utf8').trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  return TOKEN_PATTERN.test(text) ? text : null;
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
    const existing = readHostToken(dataDir);
    if (existing) {
      // Kept from an earlier version or copied in with another umask: only the user reads it.
      chmodSync(join(dataDir, HOST_TOKEN_FILE), PRIVATE_FILE_MODE);
      this.token = existing;
    } else {
      this.token = this.write();
    }
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
