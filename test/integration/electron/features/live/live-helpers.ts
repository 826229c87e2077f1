import type { AppStatus } from '../../../../../shared/contract';
import { request } from 'node:http';
import { createLiveFeature } from '../../../../../electron/features/live/feature';
import { startTestApp, type TestApp, type TestAppOptions } from '../../../../support/app-harness';
import { MemorySecretStore } from '../../../../../electron/services/secrets/secret-store';

export interface LiveApp extends TestApp {
  /** The listener's base URL (http://127.0.0.1:PORT). */
  readonly listenerUrl: string;
}

/** A real core with only the live feature, listener on a free port, key "k1" current. */
export async function startLiveApp(
  settings: Record<string, unknown> = {},
  key: string | null = 'test-key',
  options: { probeIntervalMs?: number; dataDir?: string; settingsBackend?: TestAppOptions['settingsBackend'] } = {},
): Promise<LiveApp> {
  const secrets = new MemorySecretStore();
  if (key !== null) secrets.set('webhookKey:k1', key);
  const listener = (settings['listener'] as Record<string, unknown> | undefined) ?? {};
  const app = await startTestApp({
    features: (ctx) => [createLiveFeature(ctx, options.probeIntervalMs ? { probeIntervalMs: options.probeIntervalMs } : {})],
    secrets,
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    ...(options.settingsBackend ? { settingsBackend: options.settingsBackend } : {}),
    settings: {
      ...settings,
      listener: {
        port: 0,
        keys: key !== null ? [{ id: 'k1', label: 'test', addedAt: '2024-01-01T00:00:00Z' }] : [],
        ...listener,
      },
    },
  });
  const port = app.core.ctx.runtime.status.get().listener.port;
  return Object.assign(app, { listenerUrl: `http://127.0.0.1:${port}` });
}

export interface RawResponse {
  status: number;
  body: string;
}

/** Sends exact bytes with exact headers (fetch would normalise some). */
export function post(url: string, body: Uint8Array | string, headers: Record<string, string> = {}): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const bytes = typeof body === 'string' ? Buffer.from(body, 'utf8') : Buffer.from(body);
    const req = request(url, { method: 'POST', headers: { 'Content-Length': String(bytes.length), ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
    });
    req.on('error', reject);
    req.end(bytes);
  });
}

/** An event body (docs/service.md#webhook-event). */
export function eventBody(overrides: Record<string, unknown> = {}): string {
  return JSON.stringify({
    orderId: 'ord-1',
    orderReference: 'ref-1',
    orderType: 'FULL',
    description: 'Order created',
    level: 'Info',
    type: 'Created',
    metadata: null,
    ...overrides,
  });
}

/**
 * Posts `count` events of about 4 MiB each (orders `${prefix}0`, `${prefix}1`...) one after
 * another, for the exports that page by bytes; resolves with the listener's statuses.
 */
export async function postBigEvents(app: LiveApp, count: number, prefix: string, fill = 'b'): Promise<number[]> {
  const pad = fill.repeat(4 * 1024 * 1024);
  const statuses: number[] = [];
  for (let i = 0; i < count; i++) statuses.push((await post(`${app.listenerUrl}/`, eventBody({ orderId: `${prefix}${i}`, pad }))).status);
  return statuses;
}

/** Resolves with the status once `predicate` holds (checked now and on every app.status event). */
export function waitForStatus(app: TestApp, predicate: (s: AppStatus) => boolean): Promise<AppStatus> {
  return new Promise((resolve) => {
    const now = app.core.ctx.runtime.status.get();
    if (predicate(now)) return resolve(now);
    const off = app.core.ctx.runtime.bus.subscribe((event, payload) => {
      if (event === 'app.status' && predicate(payload as AppStatus)) {
        off();
        resolve(payload as AppStatus);
      }
    });
  });
}
