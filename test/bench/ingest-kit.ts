/**
 * One home for what the ingest benches share (listener-ingest.ts: the listener alone;
 * serve-ingest.ts: the app users run): the signed body, the closed-loop load (autocannon), the
 * open-loop load at a fixed rate (ingest-load.ts in its own process), and starting the minimal
 * receivers of listener-ingest-server.ts (bare node:http, the minimal durable receiver).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { signBody } from '../../shared/signing';
import { nodeHmac } from '../../electron/services/platform/node-hmac';

export const root = fileURLToPath(new URL('../..', import.meta.url));
export const BENCH_KEY = 'bench-key';
export const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;

/** A signed delivery of ~430 bytes, every one a new event (its id set per request). */
export const body = JSON.stringify({
  orderId: 'ord-1',
  orderReference: 'ref-1',
  orderType: 'FULL',
  description: 'Payment of an order succeeded '.repeat(20),
  level: 'Info',
  type: 'SuccessPayment',
  metadata: { PaymentId: 'p-1', ChargeId: 'c-1', Status: 'SUCCEEDED' },
});
const signature = signBody(nodeHmac, BENCH_KEY, body);

/**
 * Runs a bench script (tsx) of the checkout `cwd` in its own process group; resolves with the
 * first output line starting `READY` or `{`.
 */
export function startServer(mode: string, extra: string[] = [], script = 'test/bench/listener-ingest-server.ts', cwd = root): Promise<{ child: ChildProcess; line: string }> {
  const child = track(
    spawn(join(root, 'node_modules/.bin/node'), ['--expose-gc', '--import', 'tsx', script, mode, ...extra], {
      cwd,
      stdio: ['ignore', 'pipe', 'inherit'],
      detached: true,
    }),
  );
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (c: Buffer) => {
      out += c.toString();
      const line = out.split('\n').find((l) => l.startsWith('READY') || l.startsWith('{'));
      if (line) resolve({ child, line });
    });
    child.once('exit', (code) => reject(new Error(`${script} ${mode} exited with ${code}`)));
  });
}

/** Every process group started here and not yet stopped: an interrupted bench stops them too. */
const started = new Set<number>();
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    for (const pgid of started) signalGroupOf(pgid, 'SIGKILL');
    process.exit(130);
  });
}

function signalGroupOf(pgid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pgid, signal);
  } catch {
    // The group is gone already.
  }
}

/** Notes a detached child (its own process group) so that an interrupted bench stops it. */
export function track(child: ChildProcess): ChildProcess {
  if (child.pid !== undefined) started.add(child.pid);
  return child;
}

const groupAlive = (pgid: number) => {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
};

/**
 * Stops a process started here (detached: it leads its own group) and everything in its
 * process group; SIGKILL for what is left after 10 s. Resolves once no process of the group is left.
 */
export async function stop(child: ChildProcess, signal: NodeJS.Signals = 'SIGKILL'): Promise<void> {
  const pgid = child.pid!;
  signalGroupOf(pgid, signal);
  const killAfter = setTimeout(() => signalGroupOf(pgid, 'SIGKILL'), 10_000);
  // A group has no exit event: its leader's is awaited, then the rest is polled (a bench, not a test).
  if (child.exitCode === null && child.signalCode === null) await new Promise((r) => child.once('exit', r));
  while (groupAlive(pgid)) await new Promise((r) => setTimeout(r, 20));
  clearTimeout(killAfter);
  started.delete(pgid);
}

/** Closed loop: `connections` senders, each waiting for its answer, for `duration` seconds. */
export function load(port: number, options: { connections: number; duration: number; overallRate?: number }): ReturnType<typeof autocannon> {
  let eventId = 0;
  return autocannon({
    url: `http://127.0.0.1:${port}/webhooks`,
    method: 'POST',
    body,
    headers: { 'content-type': 'application/json', 'x-svc-hmac-sha256': signature, 'x-svc-event-created': '2024-05-01T10:00:00Z' },
    connections: options.connections,
    duration: options.duration,
    ...(options.overallRate ? { overallRate: options.overallRate } : {}),
    // Every delivery a new event, as in real traffic (the duplicate check then finds nothing).
    setupRequest: (request) => {
      request.headers = { ...request.headers, 'x-svc-event-id': String(++eventId) };
      return request;
    },
  });
}

export interface FixedRate {
  readonly rps: number;
  readonly p50: number;
  readonly p99: number;
  readonly errors: number;
  readonly non2xx: number;
}

/**
 * Open loop at `rate`/s for `seconds` from a plain generator process (ingest-load.ts): it times
 * each request from its scheduled send, and is quieter than autocannon's rate limiter.
 */
export async function fixedRate(port: number, rate: number, seconds: number): Promise<FixedRate> {
  const { line } = await startServer(String(port), [String(rate), String(seconds), BENCH_KEY], 'test/bench/ingest-load.ts');
  return JSON.parse(line) as FixedRate;
}
