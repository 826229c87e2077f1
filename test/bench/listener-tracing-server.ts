/**
 * The process under load for test/bench/listener-tracing.ts: a real core with the live and
 * tracing features, forwarding every delivery to the handler at argv[3].
 *   off  the OTLP receiver off (tracing.enabled false); forwards still carry a traceparent
 *   on   the receiver on, on a free port
 * Prints `READY <listener port> <receiver port or 0>`; on SIGUSR1 starts counting its CPU time;
 * on SIGUSR2 prints `SPANS <kept> <dropped> <CPU µs since SIGUSR1>`.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createCore } from '../../electron/core/core';
import { createLiveFeature } from '../../electron/features/live/feature';
import { createTracingFeature } from '../../electron/features/tracing/feature';
import { memorySettingsBackend } from '../../electron/services/settings/settings-service';
import { MemorySecretStore } from '../../electron/services/secrets/secret-store';
import { silentLogger } from '../../electron/services/kernel/logger';
import { BENCH_KEY } from './listener-ingest-server';

const mode = process.argv[2];
const handlerPort = process.argv[3];
const secrets = new MemorySecretStore();
secrets.set('webhookKey:bench', BENCH_KEY);
const core = createCore({
  hostKind: 'browser',
  version: 'bench',
  dataDir: mkdtempSync(join(tmpdir(), 'hooklab-bench-tracing-')),
  settingsBackend: memorySettingsBackend({
    listener: { port: 0, keys: [{ id: 'bench', label: 'bench', addedAt: 'x' }], forwardTargets: [`http://127.0.0.1:${handlerPort}/webhooks`] },
    tracing: { enabled: mode === 'on', port: 0 },
  }),
  secrets,
  log: silentLogger,
  features: (ctx) => [createTracingFeature(ctx), createLiveFeature(ctx)],
  requireAllHandlers: false,
});
await core.start();
const status = core.ctx.runtime.status.get();
let cpuFrom = process.cpuUsage();
process.on('SIGUSR1', () => (cpuFrom = process.cpuUsage()));
process.on('SIGUSR2', () => {
  const { spans, dropped } = core.ctx.runtime.status.get().tracing;
  const used = process.cpuUsage(cpuFrom);
  process.stdout.write(`SPANS ${spans} ${dropped} ${used.user + used.system}\n`);
});
process.stdout.write(`READY ${status.listener.port} ${status.tracing.endpoint ? new URL(status.tracing.endpoint).port : 0}\n`);
