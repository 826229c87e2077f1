import { SANDBOX_ENVIRONMENT_ID, originOf, type LiveEnvironment, type Settings } from '../../../shared/settings';
import type { SettingsService } from '../settings/settings-service';
import type { SecretStore } from '../secrets/secret-store';
import { environmentSecret } from '../../../shared/settings/secret-names';

/** Everything needed to talk to one environment of the service. Holds secrets: main only. */
export interface Connection {
  readonly id: string;
  readonly name: string;
  readonly isSandbox: boolean;
  readonly baseUrl: string;
  readonly apiV3Url: string;
  readonly clientId: string;
  readonly clientSecret: string | undefined;
  readonly secretKey: string | undefined;
  /** The sandbox's control token (the moves a buyer or the portal would make); none for a live environment. */
  readonly controlToken?: string;
}

/**
 * Resolves the sandbox (registered by the sandbox feature once it runs) and the live
 * environments of settings, with their secrets, into connections.
 */
export class Environments {
  private sandbox: Connection | null = null;
  private readonly listeners = new Set<() => void>();

  constructor(
    private readonly settings: SettingsService,
    private readonly secrets: SecretStore,
  ) {
    settings.onChange((next, previous) => {
      if (next.environments === previous.environments) return;
      this.forgetUnboundSecrets(next, previous);
      this.notify();
    });
  }

  setSandbox(connection: Connection | null): void {
    this.sandbox = connection;
    this.notify();
  }

  /** The active environment's connection, or null when it is not available (yet). */
  active(): Connection | null {
    return this.get(this.settings.get().environments.active);
  }

  get(id: string): Connection | null {
    if (id === SANDBOX_ENVIRONMENT_ID) return this.sandbox;
    const env = this.settings.get().environments.live.find((e) => e.id === id);
    if (!env) return null;
    return {
      ...env,
      isSandbox: false,
      clientSecret: this.secrets.get(environmentSecret(env.id, 'clientSecret')),
      secretKey: this.secrets.get(environmentSecret(env.id, 'secretKey')),
    };
  }

  /** The sandbox or a live environment of settings (whether or not it is reachable now). */
  isKnown(id: string): boolean {
    return id === SANDBOX_ENVIRONMENT_ID || this.settings.get().environments.live.some((e) => e.id === id);
  }

  activeInfo(): { id: string; name: string; isSandbox: boolean } {
    const id = this.settings.get().environments.active;
    if (id === SANDBOX_ENVIRONMENT_ID) return { id, name: 'Sandbox', isSandbox: true };
    const env = this.settings.get().environments.live.find((e) => e.id === id);
    return { id, name: env?.name ?? id, isSandbox: false };
  }

  /** Called when the active environment or its connection changes. */
  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * A secret is bound to the origins it was entered for: when a live environment's baseUrl or
   * apiV3Url moves to another origin (or the environment is removed), its secrets are deleted,
   * so they are never sent to a host the user did not enter them for; the UI asks for them
   * again. This runs before any other listener hears of the change (this listener is the
   * first one registered), so no poll can use the old secret with the new address.
   */
  private forgetUnboundSecrets(next: Settings, previous: Settings): void {
    const origins = (e: LiveEnvironment) => `${originOf(e.baseUrl)} ${originOf(e.apiV3Url)}`;
    for (const before of previous.environments.live) {
      const after = next.environments.live.find((e) => e.id === before.id);
      if (after && origins(after) === origins(before)) continue;
      const held = this.secrets.names();
      for (const name of [environmentSecret(before.id, 'clientSecret'), environmentSecret(before.id, 'secretKey')]) {
        if (held.includes(name)) this.secrets.delete(name);
      }
    }
  }

  private notify(): void {
    for (const l of this.listeners) l();
  }
}
