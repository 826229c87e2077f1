import type { KeyChoice, ReplayKey } from '../../../shared/contract/replay-drafts';
import { replayKeySecret, KEY_ID_PATTERN } from '../../../shared/settings/secret-names';
import { SANDBOX_ENVIRONMENT_ID } from '../../../shared/settings';
import type { ReplayStore } from '../data/replay-store';
import type { Environments } from '../environments/environments';
import { mintKeyId, type WebhookKeys, type WebhookKeysStores } from './webhook-keys';

/** A key resolved for signing, or why none is available (said only when a signature is needed). */
export type SigningKey = { readonly value: string; readonly label: string } | { readonly problem: string };

/**
 * The keys a draft can choose to sign with, by id and label only: the webhook keys (Settings →
 * Listener, secrets `webhookKey:<id>`) and throwaway keys typed in Replay (secrets
 * `replayKey:<id>`, listed in Replay's table). Values are read here, in the core, at the moment
 * of signing.
 */
export class KeyChoices {
  /** Throwaway keys lent for a client's session: in memory only, never in secrets or the database. */
  private readonly held = new Map<string, { readonly label: string; readonly value: string }>();

  constructor(
    private readonly keys: WebhookKeys,
    private readonly stores: WebhookKeysStores & { readonly environments: Environments },
    private readonly throwaways: ReplayStore,
  ) {}

  list(): ReplayKey[] {
    const listener = this.keys.list().map(
      (k, i): ReplayKey => ({
        kind: 'listener',
        id: k.id,
        label: k.label || k.id,
        state: i === 0 ? 'current' : k.accepted ? 'accepted' : 'retired',
        available: this.keys.valueOf(k.id) !== undefined,
      }),
    );
    const throwaway = this.throwaways.listKeys().map(
      (k): ReplayKey => ({
        kind: 'throwaway',
        id: k.id,
        label: k.label,
        state: 'throwaway',
        available: this.stores.secrets.get(replayKeySecret(k.id)) !== undefined,
      }),
    );
    const held = [...this.held].map(([id, k]): ReplayKey => ({ kind: 'throwaway', id, label: k.label, state: 'throwaway', available: true }));
    return [...listener, ...throwaway, ...held];
  }

  /**
   * When the sandbox is the active environment and its store signs with another key than
   * `value`: that, said with a 401 (the handler was likely set up with the sandbox's key).
   */
  sandboxKeyNote(value: string): string | null {
    if (!this.stores.environments.activeInfo().isSandbox) return null;
    const sandboxKey = this.keys.list().find((k) => k.environmentId === SANDBOX_ENVIRONMENT_ID);
    if (!sandboxKey || this.keys.valueOf(sandboxKey.id) === value) return null;
    return `The sandbox is the active environment and its store signs with another key (“${sandboxKey.label || sandboxKey.id}”): a handler set up with the sandbox's key refuses this one. Choose that key, or give the handler this one.`;
  }

  /** The key a choice names, or a message saying why it cannot sign (removed, no key yet). */
  resolve(choice: KeyChoice): SigningKey {
    if (choice.kind === 'current' || choice.kind === 'listener') {
      const info = choice.kind === 'current' ? this.keys.current() : this.keys.list().find((k) => k.id === choice.id);
      if (!info) {
        return {
          problem:
            choice.kind === 'current'
              ? 'no webhook key to sign with: add the store’s key in Settings → Listener, or type a throwaway key for this draft'
              : `the key this draft signs with (${choice.id}) was removed: choose another key`,
        };
      }
      const value = this.keys.valueOf(info.id);
      const label = info.label || info.id;
      return value === undefined ? { problem: `the secret of key “${label}” is gone: add the key again` } : { value, label };
    }
    const held = this.held.get(choice.id);
    if (held) return held;
    const info = this.throwaways.listKeys().find((k) => k.id === choice.id);
    const value = info ? this.stores.secrets.get(replayKeySecret(info.id)) : undefined;
    if (!info || value === undefined) return { problem: `the throwaway key this draft signs with (${choice.id}) was removed: type it again` };
    return { value, label: info.label };
  }

  addThrowaway(label: string, value: string): string {
    const id = mintKeyId('throwaway');
    this.stores.secrets.set(replayKeySecret(id), value);
    this.throwaways.addKey(id, label, new Date(this.stores.clock.now()).toISOString());
    return id;
  }

  /** A throwaway key kept in memory only (a client's for its session): nothing of it is written anywhere. */
  holdThrowaway(label: string, value: string): string {
    const id = mintKeyId('throwaway');
    this.held.set(id, { label, value });
    return id;
  }

  removeThrowaway(id: string): boolean {
    if (this.held.delete(id)) return true;
    const removed = this.throwaways.removeKey(id);
    if (KEY_ID_PATTERN.test(id)) this.stores.secrets.delete(replayKeySecret(id));
    return removed;
  }
}
