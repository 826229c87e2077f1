import { expect } from 'vitest';
import { startTestApp, type TestApp } from '../../../../support/app-harness';
import { startReceiver, type Receiver } from './receiver';
import { createLiveFeature } from '../../../../../electron/features/live/feature';
import { createSandboxFeature } from '../../../../../electron/features/sandbox/feature';
import { createHistoryFeature } from '../../../../../electron/features/history/feature';
import type { Feature } from '../../../../../electron/services/kernel/feature';
import type { CoreContext } from '../../../../../electron/core/context';

/** A webhook event of the spec for `sandbox.sendEvent`. */
export const event = (orderId: string, type = 'Created') => ({
  orderId,
  orderReference: null,
  orderType: 'FULL',
  description: 'test',
  level: 'Info' as const,
  type,
  metadata: null,
});

/** The app with live, sandbox and history, the sandbox delivering to its listener, and a second receiver. */
export interface SandboxApp {
  readonly app: TestApp;
  /** Another webhook URL (answers 200), for deliveries that must not reach the listener. */
  readonly elsewhere: Receiver;
  readonly listenerUrl: string;
  readonly storeId: string;
  /** Points the sandbox store's webhook at `url`. */
  setWebhook(url: string): Promise<void>;
  close(): Promise<void>;
}

/**
 * `more` adds features (e.g. sequences) after live, sandbox and history; `dataDir` is a folder
 * the test keeps (to start the app again on it), else a temporary one removed on close.
 */
export async function startSandboxApp(more: (ctx: CoreContext) => Feature[] = () => [], dataDir?: string): Promise<SandboxApp> {
  // Quick automatic retries, so deliveries to an unreachable URL finish fast.
  // Ports of the test's own (never the defaults: a running app may hold them).
  const app = await startTestApp({
    ...(dataDir !== undefined ? { dataDir } : {}),
    settings: { listener: { port: 0 } },
    features: (ctx) => [createLiveFeature(ctx), createSandboxFeature(ctx, { retryDelayMs: 1 }), createHistoryFeature(ctx), ...more(ctx)],
  });
  const elsewhere = await startReceiver(200);
  const info = await app.call('sandbox.info', {});
  const storeId = info.storeId!;
  return {
    app,
    elsewhere,
    listenerUrl: info.webhookUrl!,
    storeId,
    setWebhook: async (url) => {
      expect((await app.call('sandbox.setWebhookUrl', { url })).webhookUrl).toBe(url);
    },
    close: async () => {
      await app.close();
      await elsewhere.close();
    },
  };
}
