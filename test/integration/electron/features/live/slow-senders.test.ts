import { describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../../../../../electron/services/data/database';
import { spawnServer } from '../../../../support/server-process';

const KEY = 'slow-senders-key';
const SLOW = 2_000;
/** The server runs under this open-files limit, the default soft limit of many Linux systems. */
const SERVER_FILE_LIMIT = 1_024;

/** This process's open-files limit (soft, hard) from /proc. */
function fileLimits(): { soft: number; hard: number } {
  const line = readFileSync('/proc/self/limits', 'utf8').split('\n').find((l) => l.startsWith('Max open files'))!;
  const [soft, hard] = line.split(/\s+/).slice(3, 5).map((v) => (v === 'unlimited' ? Infinity : Number(v)));
  return { soft: soft!, hard: hard! };
}

/** The test itself holds SLOW sockets: raise its own soft limit when it is too low for that. */
function ensureOwnFileLimit(needed: number): void {
  const { soft, hard } = fileLimits();
  if (soft >= needed) return;
  if (hard < needed) throw new Error(`this test needs ${needed} open files; the hard limit is ${hard}`);
  execFileSync('prlimit', ['--pid', String(process.pid), `--nofile=${needed}:${hard}`]);
}

/** Opens a connection, sends headers for a 100 KB body and trickles a byte every 2 s. */
function slowSender(port: number, sockets: Socket[], timers: NodeJS.Timeout[]): Promise<void> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1', () => {
      socket.write('POST /slow HTTP/1.1\r\nHost: x\r\nContent-Length: 100000\r\n\r\n{');
      timers.push(setInterval(() => socket.writable && socket.write('x'), 2_000));
      resolve();
    });
    socket.on('error', () => resolve()); // refused or reset: it still tried
    socket.on('close', () => resolve());
    sockets.push(socket);
  });
}

function signedPost(url: string, body: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      { method: 'POST', headers: { 'Content-Length': Buffer.byteLength(body), 'X-Svc-Hmac-Sha256': createHmac('sha256', KEY).update(body).digest('base64') } },
      (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      },
    );
    // "Promptly": well inside the 30 s request timeout that would eventually free slots anyway.
    req.setTimeout(10_000, () => req.destroy(new Error('no answer within 10 s')));
    req.on('error', reject);
    req.end(body);
  });
}

describe('listener under 2,000 slow senders', () => {
  it('answers a normal signed delivery 2xx while 2,000 slow-body connections are open, under a 1,024 open-files limit', async () => {
    ensureOwnFileLimit(SLOW + 500);
    const dataDir = mkdtempSync(join(tmpdir(), 'hooklab-slow-'));
    const server = spawnServer('electron/hosts/cli/serve.ts', ['--ui-port', '0', '--listener-port', '0', '--sandbox-port', '0', '--data-dir', dataDir], {
      env: { HOOKLAB_WEBHOOK_KEY: KEY },
      fileLimit: SERVER_FILE_LIMIT,
    });
    const sockets: Socket[] = [];
    const timers: NodeJS.Timeout[] = [];
    try {
      const listener = (await server.waitFor(/Listening for webhooks on (http:\/\/\S+)/))[1]!;
      const port = Number(new URL(listener).port);
      await Promise.all(Array.from({ length: SLOW }, () => slowSender(port, sockets, timers)));

      const body = JSON.stringify({ orderId: 'o-normal', orderType: 'FULL', description: 'normal', level: 'Info', type: 'Created' });
      expect(await signedPost(`${listener}normal`, body)).toBe(200);
      // The cap held them off: the listener closed all but its 500 most recent, and the
      // server never ran out of files (it still holds every one it kept, well under 1,024).
      await expect.poll(() => sockets.filter((s) => s.destroyed).length, { timeout: 20_000 }).toBeGreaterThanOrEqual(SLOW - 500);
      expect(readdirSync(`/proc/${server.pid}/fd`).length).toBeLessThan(SERVER_FILE_LIMIT);

      await server.killGroup('SIGTERM');
      const db = openDatabase(join(dataDir, 'hooklab.db'));
      const row = db.prepare("SELECT signature_outcome FROM received_deliveries WHERE path = '/normal'").get() as { signature_outcome: string };
      db.close();
      expect(row.signature_outcome).toBe('valid');
    } finally {
      for (const t of timers) clearInterval(t);
      for (const s of sockets) s.destroy();
      await server.killGroup('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 90_000);
});
