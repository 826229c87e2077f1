import { existsSync, readFileSync } from 'node:fs';
import { basename, dirname } from 'node:path';
import { ensurePrivateDir, writePrivateFile } from '../platform/private-files';
import { isPresentButNotAFile, keepBrokenCopy, setAsideBrokenFile, type DataNotice } from '../platform/set-aside';
import type { SecretName } from '../../../shared/settings';
import { sealedEntry, readSealedFile, type SealScheme, type SealedEntry, type SecretCipher } from './sealed-file';

export type { SealScheme, SecretCipher } from './sealed-file';


/** A stored secret this host cannot open: reported by name, never used as a key. */
export interface UnreadableSecret {
  readonly name: SecretName;
  /** Who sealed it, when known from its mark or its bytes. */
  readonly sealedBy: SealScheme | 'unknown';
}

/** Only the main process holds secret values; the renderer learns names, never values. */
export interface SecretStore {
  get(name: SecretName): string | undefined;
  /** Saves first; when the save fails it throws and nothing changes, in memory or on disk. */
  set(name: SecretName, value: string): void;
  delete(name: SecretName): void;
  names(): SecretName[];
  /** Values stored but not openable here (sealed by the other host, or damaged). */
  unreadable(): UnreadableSecret[];
  /** Files set aside while loading, to tell the user. */
  readonly notices: readonly DataNotice[];
  /** Called after every set or delete, and when a value turns out unreadable. */
  onChange(listener: () => void): () => void;
  readonly warning: string | null;
}

/**
 * No encryption beyond file permissions: the browser host's store, readable only by the user.
 * Base64 only keeps values from being read at a glance; the status says plainly that the file
 * is not encrypted, since plain Node has no OS key store to encrypt with.
 */
export const fileModeCipher: SecretCipher = {
  kind: 'file-0600',
  scheme: 'base64',
  warning:
    'The browser host keeps secrets in secrets.json NOT encrypted (no OS key store outside the desktop app): only file permissions (0600, your user only) protect them. Use the desktop app to encrypt them.',
  seal: (plain) => Buffer.from(plain, 'utf8').toString('base64'),
  open: (sealed) => Buffer.from(sealed, 'base64').toString('utf8'),
};

/**
 * Secrets in one JSON file of sealed values, each marked with how it is sealed, written
 * atomically with mode 0600 so a crash never leaves a half-written file and other users cannot
 * read it.
 */
export class FileSecretStore implements SecretStore {
  private values: Record<string, SealedEntry>;
  /**
   * Values already opened. The listener reads the webhook keys for every batch of deliveries,
   * and under Electron each open is a safeStorage decryption: once per value is enough, since
   * the main process holds the value in memory while it uses it anyway. set/delete keep it in
   * step.
   */
  private readonly opened = new Map<string, string>();
  private readonly cannotOpen = new Map<string, UnreadableSecret['sealedBy']>();
  private readonly listeners = new Set<() => void>();
  readonly notices: DataNotice[] = [];

  constructor(
    private readonly path: string,
    private readonly cipher: SecretCipher,
  ) {
    this.values = existsSync(path) ? this.load() : {};
    for (const [name, entry] of Object.entries(this.values)) {
      if (entry.sealedBy !== cipher.scheme) this.cannotOpen.set(name, entry.sealedBy);
    }
  }

  get warning(): string | null {
    return this.cipher.warning;
  }

  get(name: SecretName): string | undefined {
    const cached = this.opened.get(name);
    if (cached !== undefined) return cached;
    const entry = this.values[name];
    if (entry === undefined || this.cannotOpen.has(name)) return undefined;
    try {
      const value = this.cipher.open(entry.value);
      this.opened.set(name, value);
      return value;
    } catch {
      // Damaged, or sealed by another keychain: never a key, and the user is told by name.
      this.cannotOpen.set(name, entry.sealedBy);
      this.notify();
      return undefined;
    }
  }

  set(name: SecretName, value: string): void {
    this.commit({ ...this.values, [name]: sealedEntry(this.cipher.scheme, this.cipher.seal(value)) });
    this.opened.set(name, value);
    this.cannotOpen.delete(name);
    this.notify();
  }

  delete(name: SecretName): void {
    const next = { ...this.values };
    delete next[name];
    this.commit(next);
    this.opened.delete(name);
    this.cannotOpen.delete(name);
    this.notify();
  }

  names(): SecretName[] {
    return Object.keys(this.values) as SecretName[];
  }

  unreadable(): UnreadableSecret[] {
    return [...this.cannotOpen].map(([name, sealedBy]) => ({ name: name as SecretName, sealedBy }));
  }

  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private notify(): void {
    for (const listener of this.listeners) listener();
  }

  /**
   * Entries that are no sealed value (a number where a secret was) are never used as one: the
   * file as it was is copied aside, the others kept, and the user told which were dropped.
   */
  private dropMalformed(values: Record<string, SealedEntry>, malformed: readonly string[]): void {
    const copy = keepBrokenCopy(this.path);
    writePrivateFile(this.path, JSON.stringify(values));
    this.notices.push({
      file: this.path,
      message: `${basename(this.path)} held values that are not secrets (${malformed.join('; ')}): dropped, the file as it was is at ${copy}. Enter them again.`,
    });
  }

  /** Writes `next`, and only once it is on disk makes it the store's state. */
  private commit(next: Record<string, SealedEntry>): void {
    ensurePrivateDir(dirname(this.path));
    writePrivateFile(this.path, JSON.stringify(next));
    this.values = next;
  }

  private load(): Record<string, SealedEntry> {
    if (isPresentButNotAFile(this.path)) {
      const movedTo = setAsideBrokenFile(this.path);
      this.notices.push({ file: this.path, message: `${basename(this.path)} is not a file and was moved to ${movedTo}. Lost: every secret; enter them again.` });
      return {};
    }
    const text = readFileSync(this.path, 'utf8');
    const loaded = readSealedFile(text, this.cipher);
    if (loaded.ok) {
      if (loaded.malformed.length > 0) this.dropMalformed(loaded.values, loaded.malformed);
      return loaded.values;
    }
    const movedTo = setAsideBrokenFile(this.path);
    const lost = loaded.namesSeen.length > 0 ? loaded.namesSeen.join(', ') : 'every secret it held';
    this.notices.push({
      file: this.path,
      message: `${basename(this.path)} could not be read (${loaded.reason}) and was moved to ${movedTo}. Lost: ${lost}; enter them again.`,
    });
    return {};
  }
}

/** Secrets in memory (tests). */
export class MemorySecretStore implements SecretStore {
  private readonly values = new Map<SecretName, string>();
  readonly warning = null;
  readonly notices: DataNotice[] = [];
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
  unreadable(): UnreadableSecret[] {
    return [];
  }
  onChange(): () => void {
    return () => undefined;
  }
}
