import { SANDBOX_ENVIRONMENT_ID } from '../../../shared/settings';
import type { Feature } from '../../services/kernel/feature';
import { SCENARIOS } from '../../emulator/scenarios';
import { configuredUrls } from '../../emulator/dispatcher';
import { scenarioProgress } from './scenario-progress';
import type { SandboxDeps } from './deps';
import { EmbeddedSandbox, type SandboxFeatureOptions } from './embedded-sandbox';

export type { SandboxFeatureOptions };

/** The sandbox.* calls over the running embedded sandbox. */
function sandboxHandlers(ctx: SandboxDeps, embedded: EmbeddedSandbox): Feature['handlers'] {
  return {
    'sandbox.info': async () => embedded.info(),
    'sandbox.revealCredentials': async () => {
      // The one deliberate exception to "no secret reaches the UI": these are the local
      // emulator's own throwaway test credentials, which the user's handler needs.
      const s = embedded.running().sandbox;
      const defaultStore = s.getStore(s.defaultStore.storeId) ?? s.defaultStore;
      return {
        clientId: defaultStore.clientId,
        clientSecret: defaultStore.clientSecret,
        secretKey: defaultStore.secretKey,
        webhookKey: defaultStore.webhookKey,
      };
    },
    'sandbox.scenarios': async () => ({ scenarios: await embedded.running().control.scenarios() }),
    'sandbox.runScenario': async ({ name, jobId }) => {
      const { sandbox: s, control: c } = embedded.running();
      // Its deliveries: each event once per configured URL (a total the work never undercounts: Jobs follows it up).
      const total = (SCENARIOS[name]?.events ?? 0) * configuredUrls(s.getStore(s.defaultStore.storeId)?.webhookUrl ?? '').length;
      return ctx.runtime.jobs.run({ kind: 'sandbox.scenario', title: `Scenario ${name}`, jobId, total, unit: 'deliveries' }, async (job) => {
        // Every delivery is a step; its retries, with their cause, are the job's note.
        embedded.attemptsOf.set(job.jobId, scenarioProgress(job));
        try {
          return await c.runScenario(s.defaultStore.storeId, name, { runId: job.jobId, signal: job.signal });
        } finally {
          embedded.attemptsOf.delete(job.jobId);
        }
      });
    },
    'sandbox.sendEvent': async ({ event }) => {
      const { sandbox: s, control: c } = embedded.running();
      return c.sendEvent(s.defaultStore.storeId, event);
    },
    'sandbox.setChaos': async (patch) => {
      const { sandbox: s, control: c } = embedded.running();
      embedded.chaos = await c.setChaos(s.defaultStore.storeId, patch);
      return embedded.chaos;
    },
    'sandbox.setWebhookUrl': async ({ url }) => embedded.setWebhookUrl(url),
    'sandbox.useSandbox': async () => {
      ctx.config.settings.update({ environments: { active: SANDBOX_ENVIRONMENT_ID } });
      return { ok: true as const };
    },
  };
}

/**
 * The embedded sandbox: an emulator of the service that runs inside Hooklab, keeps its store in
 * `<dataDir>/sandbox` (so credentials survive restarts), delivers its webhooks to Hooklab's own
 * listener, and is registered as the "Sandbox" environment for the other areas.
 */
export function createSandboxFeature(ctx: SandboxDeps, options: SandboxFeatureOptions = {}): Feature {
  const embedded = new EmbeddedSandbox(ctx, options);
  // Port changes from Settings apply at once; serialised so quick changes never race.
  let restarting: Promise<void> = Promise.resolve();
  const unsubscribers: Array<() => void> = [];
  return {
    name: 'sandbox',
    async start() {
      await embedded.start();
      unsubscribers.push(
        ctx.config.settings.onChange((next, prev) => {
          const { port, enabled } = next.sandbox;
          if (port === prev.sandbox.port && enabled === prev.sandbox.enabled) return;
          restarting = restarting.then(async () => {
            await embedded.stop();
            await embedded.start();
          });
        }),
        // The listener may move (port setting changed): follow it, once per status push.
        ctx.runtime.bus.on('app.status', () => {
          try {
            embedded.pointStoreAtListener();
          } catch (e) {
            ctx.runtime.log.warn('could not re-point the sandbox store at the listener', { message: (e as Error).message });
          }
        }),
      );
    },
    async stop() {
      for (const u of unsubscribers.splice(0)) u();
      await restarting;
      await embedded.stop();
      ctx.runtime.status.update('sandbox', { state: 'off', baseUrl: null, error: null });
    },
    handlers: sandboxHandlers(ctx, embedded),
  };
}
