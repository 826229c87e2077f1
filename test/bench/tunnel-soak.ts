/**
 * Soak through the tunnel: `hooklab listen --tunnel` (its own process group, a fresh data
 * folder) behind the official localtunnel server on loopback (../shared/tools/localtunnel-server,
 * its own process group), and signed webhooks sent to the public URL at random gaps of 0-90 s
 * for the whole duration, as the service sends them on a developer's normal day. Counts every
 * one sent, answered 2xx, and stored (read back with `hooklab events`): all three must match.
 * Half-way through (or after `restartAfterMinutes`; 0 for never) the tunnel server is stopped and
 * started again on its port, as its operator would: the listener must reconnect by itself, and
 * the next webhook is sent once the server has its client back (the time that took is reported).
 *
 *   npx tsx test/bench/tunnel-soak.ts [minutes=10] [maxGapSeconds=90] [restartAfterMinutes=minutes/2]
 * Writes test/bench/results/tunnel-soak.md (summarised in BENCHMARKS.md); exits 1 when a
 * webhook was not answered 2xx or not stored.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { setTimeout as quiet } from 'node:timers/promises';
import { signBody } from '../../shared/signing';
import { nodeHmac } from '../../electron/services/platform/node-hmac';
import { confSettingsBackend } from '../../electron/services/settings/conf-backend';
import { SettingsService } from '../../electron/services/settings/settings-service';
import { runHooklab, startHooklab } from '../support/hooklab-cli';
import { OFFICIAL_LT_DOMAIN, publicPost, startOfficialLocaltunnel } from '../support/official-localtunnel';

const minutes = Number(process.argv[2] ?? 10);
const maxGapSeconds = Number(process.argv[3] ?? 90);
const restartAfterMinutes = Number(process.argv[4] ?? minutes / 2);
if (!(minutes > 0) || !(maxGapSeconds >= 0) || !(restartAfterMinutes >= 0)) {
  throw new Error('usage: tunnel-soak.ts [minutes>0] [maxGapSeconds>=0] [restartAfterMinutes>=0]');
}
const KEY = 'tunnel-soak-key';
const root = fileURLToPath(new URL('../..', import.meta.url));
const NAMES = JSON.stringify({ [OFFICIAL_LT_DOMAIN]: '127.0.0.1', [`*.${OFFICIAL_LT_DOMAIN}`]: '127.0.0.1' });

const work = mkdtempSync(join(tmpdir(), 'hooklab-bench-soak-'));
const dataDir = join(work, 'data');
let server = await startOfficialLocaltunnel();
new SettingsService(confSettingsBackend(dataDir)).update({ tunnel: { host: server.host, probeIntervalSeconds: 60 } });
const listen = startHooklab(['listen', '--data-dir', dataDir, '--listener-port', '0', '--tunnel'], {
  HOOKLAB_WEBHOOK_KEY: KEY,
  HOOKLAB_TEST_NAMES: NAMES,
  HOME: work,
});

const started = new Date();
const sent: Array<{ eventId: number; gapS: number; status: number | string }> = [];
let restart: { at: Date; reconnectS: number | null } | null = null;

/** Stops the tunnel server and starts it again on its port; resolves with the seconds until the listener's client is back (null: not within 60 s). */
async function restartServer(id: string): Promise<number | null> {
  const port = server.port;
  await server.close();
  server = await startOfficialLocaltunnel({ port });
  const from = Date.now();
  while (Date.now() - from < 60_000) {
    if (((await server.socketsOf(id).catch(() => null)) ?? 0) > 0) return (Date.now() - from) / 1000;
    await quiet(200); // a bench polling the server's status page, not a test's synchronisation
  }
  return null;
}

try {
  const publicUrl = (await listen.waitFor(/^public URL: (\S+)$/m))[1]!;
  const tunnelId = new URL(publicUrl).hostname.split('.')[0]!;
  const endAt = Date.now() + minutes * 60_000;
  const restartAt = restartAfterMinutes > 0 ? Date.now() + restartAfterMinutes * 60_000 : Infinity;
  let eventId = 880_000;
  let gapS = 0;
  while (Date.now() < endAt) {
    if (restart === null && Date.now() >= restartAt) {
      const at = new Date();
      restart = { at, reconnectS: await restartServer(tunnelId) };
      process.stdout.write(`${at.toISOString()} tunnel server restarted; the listener's client back after ${restart.reconnectS ?? 'more than 60'} s\n`);
    }
    eventId++;
    const body = JSON.stringify({ orderId: String(eventId), orderReference: null, orderType: 'FULL', description: 'soak', level: 'Info', type: 'SuccessPayment', metadata: null });
    const headers = {
      'Content-Type': 'application/json',
      'X-Svc-Event-Id': String(eventId),
      'X-Svc-Event-Created': new Date().toISOString(),
      'X-Svc-Hmac-Sha256': signBody(nodeHmac, KEY, body),
    };
    const status = await publicPost(publicUrl, '/webhooks', body, headers).then((a) => a.status, (e: Error) => e.message);
    sent.push({ eventId, gapS, status });
    process.stdout.write(`${new Date().toISOString()} evt ${eventId} after ${gapS.toFixed(1)} s of quiet: ${status}\n`);
    gapS = Math.random() * maxGapSeconds;
    await quiet(Math.min(gapS * 1000, Math.max(0, endAt - Date.now()), restart === null ? Math.max(0, restartAt - Date.now()) : Infinity));
  }
  const events = await runHooklab(['events', '--data-dir', dataDir, '--json', '--limit', '100000', '--signature', 'valid'], { env: { HOME: work } });
  const storedIds = new Set(events.stdout.split('\n').filter(Boolean).map((line) => (JSON.parse(line) as { eventId: number | null }).eventId));
  const ok = sent.filter((s) => typeof s.status === 'number' && s.status >= 200 && s.status < 300).length;
  const stored = sent.filter((s) => storedIds.has(s.eventId)).length;
  const gaps = sent.slice(1).map((s) => s.gapS);
  const missed = sent.filter((s) => !storedIds.has(s.eventId) || s.status !== 200);
  const report = [
    '## Tunnel soak',
    '',
    `Command: \`npx tsx test/bench/tunnel-soak.ts ${minutes} ${maxGapSeconds} ${restartAfterMinutes}\` (${started.toISOString().slice(0, 16).replace('T', ' ')} UTC, Node ${process.versions.node}; \`hooklab listen --tunnel\` behind the official localtunnel server on loopback, probe every 60 s).`,
    '',
    '| what | count |',
    '|---|---:|',
    `| signed webhooks sent to the public URL | ${sent.length} |`,
    `| answered 2xx | **${ok}** |`,
    `| stored (read back with \`hooklab events\`, signature valid) | **${stored}** |`,
    `| quiet before them: shortest / longest / over 10 s | ${Math.min(...gaps).toFixed(1)} s / ${Math.max(...gaps).toFixed(1)} s / ${gaps.filter((g) => g > 10).length} |`,
    '',
    restart === null
      ? 'The tunnel server was not restarted.'
      : `The tunnel server was restarted at ${restart.at.toISOString().slice(11, 19)} UTC; the listener's client was back ${restart.reconnectS === null ? 'NOT within 60 s' : `after ${restart.reconnectS.toFixed(1)} s`}.`,
    '',
    missed.length === 0 ? 'Every webhook was answered 2xx and stored.' : `Not answered 2xx or not stored: ${missed.map((m) => `evt ${m.eventId} (${m.status}, after ${m.gapS.toFixed(1)} s)`).join(', ')}.`,
    '',
  ].join('\n');
  writeFileSync(join(root, 'test/bench/results/tunnel-soak.md'), report);
  process.stdout.write(`\n${report}`);
  process.exitCode = missed.length === 0 && restart?.reconnectS !== null ? 0 : 1;
} finally {
  await listen.killGroup('SIGTERM');
  await server.close();
  rmSync(work, { recursive: true, force: true });
}
