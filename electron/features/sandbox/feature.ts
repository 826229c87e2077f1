import { join } from 'node:path';
import { CallError } from '../../../shared/contract/errors';
import type { SandboxChaos, SandboxInfo } from '../../../shared/contract/sandbox';
import { SANDBOX_ENVIRONMENT_ID } from '../../../shared/settings';
import type { CoreContext, Feature } from '../../services/kernel/feature';
import { startSandbox, type DeliveryAttempt, type RunningSandbox } from '../../emulator';
import { SCENARIOS } from '../../emulator/scenarios';
import { scenarioProgress } from './scenario-progress';
import { configuredUrls } from '../../emulator/dispatcher';
import { APP_SANDBOX_FOLDER } from '../../emulator/id-space';
import { startOnPreferredPort } from '../../services/net/preferred-port';
import { SandboxControlClient } from './control-client';
import { ensureListenerKnowsKey, listenerWebhookUrl } from './listener-link';
import { foreignKeyValues, sandboxTargetRefusal } from './store-policy';

export interface SandboxFeatureOptions {
  /** Base delay between the sandbox's automatic retries (tests shorten it). */
  readonly retryDelayMs?: number;
}

/**
 * The embedded sandbox: an emulator of the service that runs inside Hooklab, keeps its store in
 * `<dataDir>/sandbox` (so credentials survive restarts), delivers its webhooks to Hooklab's own
 * listener, and is registered as the "Sandbox" environment for the other areas.
 */
export function createSandboxFeature(ctx: CoreContext, options: SandboxFeatureOptions = {}): Feature {
  /** The progress of each scenario job under way, by its run id (its job id). */
  const attemptsOf = new Map<string, (attempt: DeliveryAttempt) => void>();
  let sandbox: RunningSandbox | null = null;
  let control: SandboxControlClient | null = null;
  let chaos: SandboxChaos | null = null;
  let error: string | null = null;
  let webhookUrl: string | null = null;
  /** The store delivers to the listener (moved with its port) until the user sets other URLs. */
  let followsListener = true;
  let unsubscribe: (() => void) | null = null;

  const running = (): { sandbox: RunningSandbox; control: SandboxControlClient } => {
    if (!sandbox || !control) throw new CallError('unavailable', error ? `the sandbox is not running: ${error}` : 'the sandbox is not running');
    return { sandbox, control };
  };

  /** Keeps the store delivering to the listener when the listener's port changes. */
  function pointStoreAtListener(): void {
    if (!sandbox || !followsListener) return;
    const url = listenerWebhookUrl(ctx);
    if (url === webhookUrl) return;
    webhookUrl = sandbox.setWebhook(sandbox.defaultStore.storeId, url).webhookUrl;
  }

  /**
   * Starts on the configured port; when another program holds it, on a free one instead (the
   * sandbox is a local emulator: better running elsewhere than not at all), and says so.
   */
  async function startOnPort(port: number): Promise<RunningSandbox> {
    const run = (p: number) =>
      startSandbox({
        port: p,
        dataDir: join(ctx.dataDir, APP_SANDBOX_FOLDER),
        // One id space with `hooklab trigger` and the folder's other sandboxes.
        idSpaceDir: ctx.dataDir,
        defaultStore: { webhookUrl: listenerWebhookUrl(ctx) },
        // Never a key it did not generate: whoever could drive it would sign with a real store's
        // key. The listener knows the sandbox's key beside the user's (ensureListenerKnowsKey).
        ownKeysOnly: { foreign: foreignKeyValues(ctx) },
        webhookTargetRefusal: sandboxTargetRefusal(ctx),
        ...(options.retryDelayMs !== undefined ? { retryDelayMs: options.retryDelayMs } : {}),
        onAttempt: (attempt) => {
          if (attempt.runId !== null) attemptsOf.get(attempt.runId)?.(attempt);
        },
      });
    return startOnPreferredPort(port, run, (taken) => ctx.log.warn(`sandbox port ${taken} is in use: the sandbox runs on a free port this time`));
  }

  async function start(): Promise<void> {
    if (!ctx.settings.get().sandbox.enabled) {
      ctx.status.update('sandbox', { state: 'off', baseUrl: null, error: null });
      return;
    }
    ctx.status.update('sandbox', { state: 'starting', baseUrl: null, error: null });
    try {
      sandbox = await startOnPort(ctx.settings.get().sandbox.port);
      control = new SandboxControlClient(sandbox.controlUrl, sandbox.controlToken, ctx.fetch);
      const store = sandbox.defaultStore;
      if (sandbox.replacedKeys.includes(store.storeId)) {
        ctx.log.warn('the sandbox store held a webhook key it had not generated (an earlier version adopted --webhook-key): it has a new key of its own, known to the listener as "Sandbox store key"');
      }
      webhookUrl = store.webhookUrl;
      // An empty patch changes nothing and returns the store's current chaos settings.
      chaos = sandbox.setChaos(store.storeId, {});
      ensureListenerKnowsKey(ctx, store.webhookKey);
      ctx.environments.setSandbox({
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
      error = null;
      ctx.status.update('sandbox', { state: 'running', baseUrl: sandbox.baseUrl, error: null });
      ctx.log.info(`Sandbox running at ${sandbox.baseUrl}`);
    } catch (e) {
      error = (e as Error).message;
      ctx.status.update('sandbox', { state: 'error', error });
      ctx.log.error('sandbox could not start', { message: error });
      await sandbox?.close();
      sandbox = null;
      control = null;
    }
  }

  const info = (): SandboxInfo => ({
    running: sandbox !== null,
    baseUrl: sandbox?.baseUrl ?? null,
    apiV3Url: sandbox?.apiV3Url ?? null,
    controlUrl: sandbox?.controlUrl ?? null,
    storeId: sandbox?.defaultStore.storeId ?? null,
    clientId: sandbox?.defaultStore.clientId ?? null,
    // Read fresh: a script may have changed the setting through the control API.
    webhookUrl: sandbox ? (sandbox.getStore(sandbox.defaultStore.storeId)?.webhookUrl ?? webhookUrl) : null,
    chaos: sandbox ? chaos : null,
    error,
  });

  async function stopSandbox(): Promise<void> {
    ctx.environments.setSandbox(null);
    await sandbox?.close();
    sandbox = null;
    control = null;
  }

  // Port changes from Settings apply at once; serialised so quick changes never race.
  let restarting: Promise<void> = Promise.resolve();
  let unsubscribeSettings: (() => void) | null = null;

  return {
    name: 'sandbox',
    async start() {
      await start();
      unsubscribeSettings = ctx.settings.onChange((next, prev) => {
        const { port, enabled } = next.sandbox;
        if (port === prev.sandbox.port && enabled === prev.sandbox.enabled) return;
        restarting = restarting.then(async () => {
          await stopSandbox();
          await start();
        });
      });
      // The listener may move (port setting changed): follow it, once per status push.
      unsubscribe = ctx.bus.on('app.status', () => {
        try {
          pointStoreAtListener();
        } catch (e) {
          ctx.log.warn('could not re-point the sandbox store at the listener', { message: (e as Error).message });
        }
      });
    },
    async stop() {
      unsubscribe?.();
      unsubscribeSettings?.();
      await restarting;
      await stopSandbox();
      ctx.status.update('sandbox', { state: 'off', baseUrl: null, error: null });
    },
    handlers: {
      'sandbox.info': async () => info(),
      'sandbox.revealCredentials': async () => {
        // The one deliberate exception to "no secret reaches the UI": these are the local
        // emulator's own throwaway test credentials, which the user's handler needs.
        const s = running().sandbox;
        const defaultStore = s.getStore(s.defaultStore.storeId) ?? s.defaultStore;
        return {
          clientId: defaultStore.clientId,
          clientSecret: defaultStore.clientSecret,
          secretKey: defaultStore.secretKey,
          webhookKey: defaultStore.webhookKey,
        };
      },
      'sandbox.scenarios': async () => ({ scenarios: await running().control.scenarios() }),
      'sandbox.runScenario': async ({ name, jobId }) => {
        const { sandbox: s, control: c } = running();
        // Its deliveries: each event once per configured URL (a total the work never undercounts: Jobs follows it up).
        const total = (SCENARIOS[name]?.events ?? 0) * configuredUrls(s.getStore(s.defaultStore.storeId)?.webhookUrl ?? '').length;
        return ctx.jobs.run({ kind: 'sandbox.scenario', title: `Scenario ${name}`, jobId, total, unit: 'deliveries' }, async (job) => {
          // Every delivery is a step; its retries, with their cause, are the job's note.
          attemptsOf.set(job.jobId, scenarioProgress(job));
          try {
            return await c.runScenario(s.defaultStore.storeId, name, { runId: job.jobId, signal: job.signal });
          } finally {
            attemptsOf.delete(job.jobId);
          }
        });
      },
      'sandbox.sendEvent': async ({ event }) => {
        const { sandbox: s, control: c } = running();
        return c.sendEvent(s.defaultStore.storeId, event);
      },
      'sandbox.setChaos': async (patch) => {
        const { sandbox: s, control: c } = running();
        chaos = await c.setChaos(s.defaultStore.storeId, patch);
        return chaos;
      },
      'sandbox.setWebhookUrl': async ({ url }) => {
        const { sandbox: s } = running();
        let set: string;
        try {
          set = s.setWebhook(s.defaultStore.storeId, url).webhookUrl;
        } catch (e) {
          throw new CallError('invalid-args', (e as Error).message);
        }
        webhookUrl = set;
        followsListener = set.trim() === listenerWebhookUrl(ctx);
        return { webhookUrl: set, urls: configuredUrls(set) };
      },
      'sandbox.useSandbox': async () => {
        ctx.settings.update({ environments: { active: SANDBOX_ENVIRONMENT_ID } });
        return { ok: true as const };
      },
    },
  };
}
