import { createHmac } from 'node:crypto';
import { MemorySecretStore } from '../../../../../electron/services/secrets/secret-store';
import { createReplayFeature } from '../../../../../electron/features/replay/feature';
import { createLiveFeature } from '../../../../../electron/features/live/feature';
import { startTestApp, type TestApp } from '../../../../support/app-harness';

/** The key the tests sign with, as the listener's current key. */
export const TEST_KEY = 'whsec-test-key-0123456789';
export const KEY_ID = 'k1';
export const KEY_LABEL = 'Store key';

/**
 * A core with the Replay feature (and, with `withListener`, the Live listener on a free port),
 * behind the browser host, one listener key configured.
 */
export async function startReplayApp(options: { dataDir?: string; secrets?: MemorySecretStore; withListener?: boolean } = {}): Promise<TestApp> {
  const secrets = options.secrets ?? new MemorySecretStore();
  secrets.set(`webhookKey:${KEY_ID}`, TEST_KEY);
  return startTestApp({
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    secrets,
    features: (ctx) => [...(options.withListener ? [createLiveFeature(ctx)] : []), createReplayFeature(ctx)],
    requireAllHandlers: false,
    rendererDir: '/nonexistent-renderer',
    settings: { listener: { port: 0, keys: [{ id: KEY_ID, label: KEY_LABEL, addedAt: '2026-01-01T00:00:00.000Z', accepted: true }] } },
  });
}

/** An HMAC computed here with node:crypto, independent of shared/signing. */
export function independentSignature(key: string, body: Buffer | Uint8Array | string): string {
  return createHmac('sha256', key).update(body).digest('base64');
}

/** rawHeaders as [name, value] pairs. */
export function headerPairs(raw: readonly string[]): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  for (let i = 0; i + 1 < raw.length; i += 2) out.push([raw[i]!, raw[i + 1]!]);
  return out;
}

export function header(raw: readonly string[], name: string): string | undefined {
  return headerPairs(raw).find(([n]) => n.toLowerCase() === name.toLowerCase())?.[1];
}
