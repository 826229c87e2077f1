import { randomBytes } from 'node:crypto';
import type { KnownKey } from '../../../shared/signing/diagnose';
import type { WebhookKeyInfo } from '../../../shared/settings';
import { webhookKeySecret, KEY_ID_PATTERN } from '../../../shared/settings/secret-names';
import type { SettingsService } from '../settings/settings-service';
import type { SecretStore } from '../secrets/secret-store';
import type { Clock } from '../platform/clock';

/** What the webhook keys are kept in: settings name them (in order, the first is current), secrets hold their values. */
export interface WebhookKeysStores {
  readonly settings: SettingsService;
  readonly secrets: SecretStore;
  readonly clock: Clock;
}

/**
 * A new key id: `k…` for a webhook key the user added, `r…` for a throwaway Replay key (the
 * prefix only tells them apart when reading a secrets file). Time then randomness, so ids sort
 * by when they were made and two made in one millisecond differ.
 */
export function mintKeyId(kind: 'webhook' | 'throwaway'): string {
  return `${kind === 'webhook' ? 'k' : 'r'}${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
}

/** A key as a fixed-id owner puts it (the sandbox's store, the command line): its metadata and value. */
export interface FixedKey {
  readonly id: string;
  readonly label: string;
  readonly value: string;
  readonly environmentId: string | null;
}

/**
 * The webhook keys the listener verifies with and Replay, the handler check and the CLI sign
 * with: the one place that reads, adds, removes, accepts and attributes them. The first key is
 * the current one.
 */
export class WebhookKeys {
  constructor(private readonly stores: WebhookKeysStores) {}

  /** The keys' metadata, current first (never their values). */
  list(): WebhookKeyInfo[] {
    return this.stores.settings.get().listener.keys;
  }

  /** The value of key `id`; undefined when there is no such secret (removed, or unreadable here). */
  valueOf(id: string): string | undefined {
    return this.stores.secrets.get(webhookKeySecret(id));
  }

  /** The current key (the first), or undefined when there is none. */
  current(): WebhookKeyInfo | undefined {
    return this.list()[0];
  }

  /** Every key whose value is readable, with its value: what the listener verifies with. */
  known(): KnownKey[] {
    return this.list().flatMap((k) => {
      const value = this.valueOf(k.id);
      return value === undefined ? [] : [{ id: k.id, label: k.label, accepted: k.accepted, value }];
    });
  }

  has(id: string): boolean {
    return this.list().some((k) => k.id === id);
  }

  /** Adds a key under a new id (the value is already trimmed); first when `makeCurrent`. */
  add(input: { label: string; value: string; environmentId: string | null; makeCurrent: boolean }): string {
    const id = mintKeyId('webhook');
    this.stores.secrets.set(webhookKeySecret(id), input.value);
    const added = { id, label: input.label, addedAt: this.now(), accepted: true, environmentId: input.environmentId };
    // The first key is the current one: what Replay, the handler check and the CLI sign with.
    this.save((keys) => (input.makeCurrent ? [added, ...keys] : [...keys, added]));
    return id;
  }

  /** Whether deliveries signed with key `id` are accepted; false when there is no such key. */
  setAccepted(id: string, accepted: boolean): boolean {
    if (!this.has(id)) return false;
    this.save((keys) => keys.map((k) => (k.id === id ? { ...k, accepted } : k)));
    return true;
  }

  /**
   * Records which environment (store) signs with key `id`, null for "not known". Returns false
   * when there is no such key; saves nothing when it is already so.
   */
  setEnvironment(id: string, environmentId: string | null): boolean {
    const key = this.list().find((k) => k.id === id);
    if (!key) return false;
    if (key.environmentId !== environmentId) this.save((keys) => keys.map((k) => (k.id === id ? { ...k, environmentId } : k)));
    return true;
  }

  remove(id: string): void {
    this.save((keys) => keys.filter((k) => k.id !== id));
    if (KEY_ID_PATTERN.test(id)) this.stores.secrets.delete(webhookKeySecret(id));
  }

  /**
   * Makes sure a fixed-id key is known with this value: added last (a user's own current key
   * stays first), or only (re)attributed when it is already listed. Idempotent.
   */
  ensureKnown(key: FixedKey): void {
    this.storeValue(key);
    // An existing key is (re)attributed: settings saved before keys had an environment.
    if (!this.setEnvironment(key.id, key.environmentId)) {
      this.save((keys) => [...keys, { id: key.id, label: key.label, addedAt: this.now(), accepted: true, environmentId: key.environmentId }]);
    }
  }

  /**
   * Stores a fixed-id key's value and returns the key list with it first (current), for a
   * caller that saves the list together with other settings in one change.
   */
  withCurrent(key: FixedKey): WebhookKeyInfo[] {
    this.storeValue(key);
    const info = { id: key.id, label: key.label, addedAt: this.now(), accepted: true, environmentId: key.environmentId };
    return [info, ...this.list().filter((k) => k.id !== key.id)];
  }

  private storeValue(key: FixedKey): void {
    if (this.valueOf(key.id) !== key.value) this.stores.secrets.set(webhookKeySecret(key.id), key.value);
  }

  private now(): string {
    return new Date(this.stores.clock.now()).toISOString();
  }

  private save(change: (keys: WebhookKeyInfo[]) => WebhookKeyInfo[]): void {
    this.stores.settings.update({ listener: { keys: change(this.list()) } });
  }
}
