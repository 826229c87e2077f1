import { existsSync, readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { ensurePrivateDir, writePrivateFile } from '../platform/private-files';
import type { SecretName } from '../../../shared/settings';

/** How secret values are sealed at rest: Electron safeStorage, or none (file mode 0600). */
export interface SecretCipher {
  readonly kind: string;
  /** A warning for the user about this cipher's protection, or null. */
  readonly warning: string | null;
  seal(plain: string): string;
  open(sealed: string): string;
}

/** Only the main process holds secret values; the renderer learns names, never values. */
export interface SecretStore {
  get(name: SecretName): string | undefined;
  set(name: SecretName, value: string): void;
  delete(name: SecretName): void;
  names(): SecretName[];
  readonly warning: string | null;
}

/**
 * No encryption beyond file permissions: the browser host's store, readable only by the user.
 * Base64 only keeps values from being read at a glance; the status says plainly that the file
 * is not encrypted, since plain Node has no OS key store to encrypt with.
 */
export const fileModeCipher: SecretCipher = {
  kind: 'file-0600',
  warning:
    'The browser host keeps secrets in secrets.json NOT encrypted (no OS key store outside the desktop app): only file permissions (0600, your user only) protect them. Use the desktop app to encrypt them.',
  seal: (plain) => Buffer.from(plain, 'utf8').toString('base64'),
  open: (sealed) => Buffer.from(sealed, 'base64').toString('utf8'),
};

/**
 * Secrets in one JSON file of sealed values, written atomically with mode 0600 so a crash
 * never leaves a half-written file and other users cannot read it.
 */
export class FileSecretStore implements SecretStore {
  private values: Record<string, string>;
  /**
   * Values already opened. The listener reads the webhook keys for every batch of deliveries,
   * and under Electron each open is a safeStorage decryption: once per value is enough, since
   * the main process holds the value in memory while it uses it anyway. set/delete keep it in
   * step.
   */
  private readonly opened = new Map<string, string>();

  constructor(
    private readonly path: string,
    private readonly cipher: SecretCipher,
  ) {
    this.values = existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as Record<string, string>) : {};
  }

  get warning(): string | null {
    return this.cipher.warning;
  }

  get(name: SecretName): string | undefined {
    const cached = this.opened.get(name);
    if (cached !== undefined) return cached;
    const sealed = this.values[name];
    if (sealed === undefined) return undefined;
    const value = this.cipher.open(sealed);
    this.opened.set(name, value);
    return value;
  }

  set(name: SecretName, value: string): void {
    this.values[name] = this.cipher.seal(value);
    this.opened.set(name, value);
    this.save();
  }

  delete(name: SecretName): void {
    delete this.values[name];
    this.opened.delete(name);
    this.save();
  }

  names(): SecretName[] {
    return Object.keys(this.values) as SecretName[];
  }

  private save(): void {
    ensurePrivateDir(dirname(this.path));
    writePrivateFile(this.path, JSON.stringify(this.values));
  }
}

/** Secrets in memory (tests). */
export class MemorySecretStore implements SecretStore {
  private readonly values = new Map<SecretName, string>();
  readonly warning = null;
  get(name: SecretName) {
    return this.values.get(name);
  }
  set(name: SecretName, value: string) {
    this.values.set(name, value);
  }
  delete(name: SecretName) {
    this.values.delete(name);
  }
  names() {
    return [...this.values.keys()];
  }
}
