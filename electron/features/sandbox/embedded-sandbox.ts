import { join } from 'node:path';
import { CallError } from '../../../shared/contract/errors';
import type { SandboxChaos, SandboxInfo } from '../../../shared/contract/sandbox';
import { SANDBOX_ENVIRONMENT_ID } from '../../../shared/settings';
import { startSandbox, type DeliveryAttempt, type RunningSandbox } from '../../emulator';
import { configuredUrls } from '../../emulator/dispatcher';
import { APP_SANDBOX_FOLDER } from '../../emulator/id-space';
import { startOnPreferredPort } from '../../services/net/preferred-port';
import { SandboxControlClient } from './control-client';
import type { SandboxDeps } from './deps';
import { ensureListenerKnowsKey, listenerWebhookUrl } from './listener-link';
import { foreignKeyValues, sandboxTargetRefusal } from './store-policy';

export interface SandboxFeatureOptions {
  /** Base delay between the sandbox's automatic retries (tests shorten it). */
  readonly retryDelayMs?: number;
}

/**
 * The running emulator of the embedded sandbox, its control client and what the app knows of
 * it (chaos, webhook URL, the last start's error): started, stopped and asked by the feature.
 */
export class EmbeddedSandbox {
  /** The progress of each scenario job under way, by its run id (its job id). */
  readonly attemptsOf = new Map<string, (attempt: DeliveryAttempt) => void>();
  private sandbox: RunningSandbox | null = null;
  private control: SandboxControlClient | null = null;
  chaos: SandboxChaos | null = null;
  private error: string | null = null;
  private webhookUrl: string | null = null;
  /** The store delivers to the listener (moved with its port) until the user sets other URLs. */
  private followsListener = true;

  constructor(
    private readonly ctx: SandboxDeps,
    private readonly options: SandboxFeatureOptions,
  ) {}

  running(): { sandbox: RunningSandbox; control: SandboxControlClient } {
    const { sandbox, control, error } = this;
    if (!sandbox || !control) throw new CallError('unavailable', error ? `the sandbox is not running: ${error}` : 'the sandbox is not running');
    return { sandbox, control };
  }

  /** Keeps the store delivering to the listener when the listener's port changes. */
  pointStoreAtListener(): void {
    if (!this.sandbox || !this.followsListener) return;
    const url = listenerWebhookUrl(this.ctx);
    if (url === this.webhookUrl) return;
    this.webhookUrl = this.sandbox.setWebhook(this.sandbox.defaultStore.storeId, url).webhookUrl;
  }

  /** The user's webhook URLs for the store; it follows the listener again when they name it. */
  setWebhookUrl(url: string): { webhookUrl: string; urls: string[] } {
    const { sandbox: s } = this.running();
    let set: string;
    try {
      set = s.setWebhook(s.defaultStore.storeId, url).webhookUrl;
    } catch (e) {
      throw new CallError('invalid-args', (e as Error).message);
    }
    this.webhookUrl = set;
    this.followsListener = set.trim() === listenerWebhookUrl(this.ctx);
    return { webhookUrl: set, urls: configuredUrls(set) };
  }

  /**
   * Starts on the configured port; when another program holds it, on a free one instead (the
   * sandbox is a local emulator: better running elsewhere than not at all), and says so.
   */
  private async startOnPort(port: number): Promise<RunningSandbox> {
    const { ctx, options } = this;
    const run = (p: number) =>
      startSandbox({
        port: p,
        dataDir: join(ctx.config.dataDir, APP_SANDBOX_FOLDER),
        // One id space with `hooklab trigger` and the folder's other sandboxes.
        idSpaceDir: ctx.config.dataDir,
        defaultStore: { webhookUrl: listenerWebhookUrl(ctx) },
        // Never a key it did not generate: whoever could drive it would sign with a real store's
        // key. The listener knows the sandbox's key beside the user's (ensureListenerKnowsKey).
        ownKeysOnly: { foreign: foreignKeyValues(ctx) },
        webhookTargetRefusal: sandboxTargetRefusal(ctx),
        ...(options.retryDelayMs !== undefined ? { retryDelayMs: options.retryDelayMs } : {}),
        onAttempt: (attempt) => {
          if (attempt.runId !== null) this.attemptsOf.get(attempt.runId)?.(attempt);
        },
      });
    return startOnPreferredPort(port, run, (taken) => ctx.runtime.log.warn(`sandbox port ${taken} is in use: the sandbox runs on a free port this time`));
  }

  async start(): Promise<void> {
    const { ctx } = this;
    if (!ctx.config.settings.get().sandbox.enabled) {
      ctx.runtime.status.update('sandbox', { state: 'off', baseUrl: null, error: null });
      return;
    }
    ctx.runtime.status.update('sandbox', { state: 'starting', baseUrl: null, error: null });
    try {
      const sandbox = (this.sandbox = await this.startOnPort(ctx.config.settings.get().sandbox.port));
      this.control = new SandboxControlClient(sandbox.controlUrl, sandbox.controlToken, ctx.runtime.fetch);
      const store = sandbox.defaultStore;
      if (sandbox.replacedKeys.includes(store.storeId)) {
        ctx.runtime.log.warn('the sandbox store held a webhook key it had not generated (an earlier version adopted --webhook-key): it has a new key of its own, known to the listener as "Sandbox store key"');
      }
      this.webhookUrl = store.webhookUrl;
      // An empty patch changes nothing and returns the store's current chaos settings.
      this.chaos = sandbox.setChaos(store.storeId, {});
      ensureListenerKnowsKey(ctx, store.webhookKey);
      ctx.config.environments.setSandbox({
        id: SANDBOX_ENVIRONMENT_ID,
        name: 'Sandbox',
        isSandbox: true,
        baseUrl: sandbox.baseUrl,
        apiV3Url: sandbox.apiV3Url,
        clientId: store.clientId,
        clientSecret: store.clientSecret,
        secretKey: store.secretKey,
        controlToken: sandbox.controlToken,
      });
      this.error = null;
      ctx.runtime.status.update('sandbox', { state: 'running', baseUrl: sandbox.baseUrl, error: null });
      ctx.runtime.log.info(`Sandbox running at ${sandbox.baseUrl}`);
    } catch (e) {
      this.error = (e as Error).message;
      ctx.runtime.status.update('sandbox', { state: 'error', error: this.error });
      ctx.runtime.log.error('sandbox could not start', { message: this.error });
      await this.sandbox?.close();
      this.sandbox = null;
      this.control = null;
    }
  }

  info(): SandboxInfo {
    const { sandbox } = this;
    return {
      running: sandbox !== null,
      baseUrl: sandbox?.baseUrl ?? null,
      apiV3Url: sandbox?.apiV3Url ?? null,
      controlUrl: sandbox?.controlUrl ?? null,
      storeId: sandbox?.defaultStore.storeId ?? null,
      clientId: sandbox?.defaultStore.clientId ?? null,
      // Read fresh: a script may have changed the setting through the control API.
      webhookUrl: sandbox ? (sandbox.getStore(sandbox.defaultStore.storeId)?.webhookUrl ?? this.webhookUrl) : null,
      chaos: sandbox ? this.chaos : null,
      error: this.error,
    };
  }

  async stop(): Promise<void> {
    this.ctx.config.environments.setSandbox(null);
    await this.sandbox?.close();
    this.sandbox = null;
    this.control = null;
  }
}
