import { randomBytes } from 'node:crypto';
import type { CoreContext } from '../../services/kernel/feature';
import type { KeyChoice, ReplayKey } from '../../../shared/contract/replay';
import type { SigningKey } from './request-builder';
import type { ReplayStore } from '../../services/data/replay-store';
import { webhookKeySecret, replayKeySecret, KEY_ID_PATTERN } from '../../../shared/settings/secret-names';
import { SANDBOX_ENVIRONMENT_ID } from '../../../shared/settings';

/**
 * The keys Replay can sign with, by id and label only: the listener's keys (Settings →
 * Listener, secrets `webhookKey:<id>`) and throwaway keys typed in Replay (secrets
 * `replayKey:<id>`). Values are read here, in the core, at the moment of signing.
 */
export class ReplayKeys {
  constructor(
    private readonly ctx: CoreContext,
    private readonly store: ReplayStore,
  ) {}

  list(): ReplayKey[] {
    const listener = this.ctx.settings.get().listener.keys.map(
      (k, i): ReplayKey => ({
        kind: 'listener',
        id: k.id,
        label: k.label || k.id,
        state: i === 0 ? 'current' : k.accepted ? 'accepted' : 'retired',
        available: this.ctx.secrets.get(webhookKeySecret(k.id)) !== undefined,
      }),
    );
    const throwaway = this.store.listKeys().map(
      (k): ReplayKey => ({
        kind: 'throwaway',
        id: k.id,
        label: k.label,
        state: 'throwaway',
        available: this.ctx.secrets.get(replayKeySecret(k.id)) !== undefined,
      }),
    );
    return [...listener, ...throwaway];
  }

  /**
   * When the sandbox is the active environment and its store signs with another key than
   * `value`: that, said with a 401 (the handler was likely set up with the sandbox's key).
   */
  sandboxKeyNote(value: string): string | null {
    if (!this.ctx.environments.activeInfo().isSandbox) return null;
    const sandboxKey = this.ctx.settings.get().listener.keys.find((k) => k.environmentId === SANDBOX_ENVIRONMENT_ID);
    if (!sandboxKey || this.ctx.secrets.get(webhookKeySecret(sandboxKey.id)) === value) return null;
    return `The sandbox is the active environment and its store signs with another key (“${sandboxKey.label || sandboxKey.id}”): a handler set up with the sandbox's key refuses this one. Choose that key, or give the handler this one.`;
  }

  /** The key a choice names, or a message saying why it cannot sign (removed, no key yet). */
  resolve(choice: KeyChoice): SigningKey {
    const keys = this.ctx.settings.get().listener.keys;
    if (choice.kind === 'current' || choice.kind === 'listener') {
      const info = choice.kind === 'current' ? keys[0] : keys.find((k) => k.id === choice.id);
      if (!info) {
        return {
          problem:
            choice.kind === 'current'
              ? 'no webhook key to sign with: add the store’s key in Settings → Listener, or type a throwaway key for this draft'
              : `the key this draft signs with (${choice.id}) was removed: choose another key`,
        };
      }
      const value = this.ctx.secrets.get(webhookKeySecret(info.id));
      const label = info.label || info.id;
      return value === undefined ? { problem: `the secret of key “${label}” is gone: add the key again` } : { value, label };
    }
    const info = this.store.listKeys().find((k) => k.id === choice.id);
    const value = info ? this.ctx.secrets.get(replayKeySecret(info.id)) : undefined;
    if (!info || value === undefined) return { problem: `the throwaway key this draft signs with (${choice.id}) was removed: type it again` };
    return { value, label: info.label };
  }

  addThrowaway(label: string, value: string): string {
    const id = `r${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
    this.ctx.secrets.set(replayKeySecret(id), value);
    this.store.addKey(id, label, new Date(this.ctx.clock.now()).toISOString());
    return id;
  }

  removeThrowaway(id: string): boolean {
    const removed = this.store.removeKey(id);
    if (KEY_ID_PATTERN.test(id)) this.ctx.secrets.delete(replayKeySecret(id));
    return removed;
  }
}
