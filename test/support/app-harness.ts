import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CallArgs, CallName, CallResult } from '../../shared/contract';
import { createCore, type Core, type CoreOptions } from '../../electron/core/core';
import { productFeatures } from '../../electron/core/product-features';
import { memorySettingsBackend, type SettingsBackend } from '../../electron/services/settings/settings-service';
import { MemorySecretStore, type SecretStore } from '../../electron/services/secrets/secret-store';
import { startBrowserHost, type BrowserHost } from '../../electron/hosts/browser/browser-host';
import { silentLogger } from '../../electron/services/kernel/logger';

export interface TestApp {
  readonly core: Core;
  readonly host: BrowserHost;
  readonly url: string;
  readonly token: string;
  readonly dataDir: string;
  /** Calls the contract through the browser host's HTTP API, as a script would. */
  call<N extends CallName>(name: N, args: CallArgs<N>): Promise<CallResult<N>>;
  close(): Promise<void>;
}

export interface TestAppOptions {
  readonly dataDir?: string;
  readonly features?: CoreOptions['features'];
  readonly settings?: unknown;
  readonly secrets?: SecretStore;
  readonly fetch?: typeof fetch;
  /** Folder served as the UI; defaults to the built renderer (out/renderer). */
  readonly rendererDir?: string;
  readonly settingsBackend?: CoreOptions['settingsBackend'];
  readonly log?: CoreOptions['log'];
  readonly requireAllHandlers?: boolean;
  /** What the host can do (notify), for tests of the host-capability seam. */
  readonly capabilities?: CoreOptions['capabilities'];
  readonly clock?: CoreOptions['clock'];
}

/** Free ports unless the test gives its own: never the defaults (4780-4782) a running Hooklab holds. */
const TEST_PORTS = { listener: { port: 0 }, sandbox: { port: 0 }, localApi: { port: 0 }, tracing: { port: 0 } };

/** `settings` over TEST_PORTS: a section the test gives keeps every field it gives. */
export function withTestPorts(settings: unknown): unknown {
  if (typeof settings !== 'object' || settings === null) return settings;
  const given = settings as Record<string, unknown>;
  const merged: Record<string, unknown> = { ...given };
  for (const [section, ports] of Object.entries(TEST_PORTS)) {
    const own = given[section];
    merged[section] = typeof own === 'object' && own !== null ? { ...ports, ...own } : own === undefined ? ports : own;
  }
  return merged;
}

/** A test's own backend (a settings file) read over TEST_PORTS: the ports it saved still win. */
function onTestPorts(backend: SettingsBackend): SettingsBackend {
  return {
    get notices() {
      return backend.notices; // filled when the file is read
    },
    // Wrong-typed settings are still kept aside and said (issue 25 item 17).
    ...(backend.reportDropped ? { reportDropped: backend.reportDropped.bind(backend) } : {}),
    read: () => withTestPorts(backend.read()),
    write: (settings) => backend.write(settings),
  };
}

/**
 * A real core behind a real browser host on loopback, with its data in a temp folder
 * (removed on close unless the caller gave one). Features default to the whole product.
 */
export async function startTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const ownDir = options.dataDir === undefined;
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'hooklab-test-'));
  const core = createCore({
    hostKind: 'browser',
    version: 'test',
    dataDir,
    settingsBackend: options.settingsBackend ? onTestPorts(options.settingsBackend) : memorySettingsBackend(withTestPorts(options.settings ?? {})),
    secrets: options.secrets ?? new MemorySecretStore(),
    log: options.log ?? silentLogger,
    features: options.features ?? productFeatures,
    requireAllHandlers: options.requireAllHandlers ?? options.features === undefined,
    ...(options.fetch ? { fetch: options.fetch } : {}),
    ...(options.capabilities ? { capabilities: options.capabilities } : {}),
    ...(options.clock ? { clock: options.clock } : {}),
  });
  await core.start();
  const rendererDir =
    options.rendererDir ?? fileURLToPath(new URL('../../out/renderer', import.meta.url));
  const host = await startBrowserHost({ core, rendererDir });
  return {
    core,
    host,
    url: host.url,
    token: host.token,
    dataDir,
    async call(name, args) {
      const res = await fetch(`${host.url}/api/calls/${name}`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${host.token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify(args),
      });
      const envelope = (await res.json()) as { ok: boolean; value?: unknown; error?: { code: string; message: string } };
      if (!envelope.ok) throw Object.assign(new Error(envelope.error!.message), { code: envelope.error!.code });
      return envelope.value as never;
    },
    async close() {
      await host.close();
      await core.stop();
      if (ownDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
