import { describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { createHash, createHmac } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { request, Agent } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDatabase } from '../../../electron/store/database';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const KEY = 'crash-test-key';

function postOnce(agent: Agent, url: string, body: Buffer): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: 'POST',
        agent,
        headers: { 'Content-Length': body.length, 'X-Svc-Hmac-Sha256': createHmac('sha256', KEY).update(body).digest('base64') },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

describe('kill -9 during a burst', () => {
  it('keeps every delivery that was answered 2xx, with the same body hash', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'hooklab-crash-'));
    const child = spawn(
      join(root, 'node_modules/.bin/tsx'),
      ['electron/cli/serve.ts', '--port', '0', '--listener-port', '0', '--data-dir', dataDir],
      { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, HOOKLAB_WEBHOOK_KEY: KEY } },
    );
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    try {
      let output = '';
      const listener = await new Promise<string>((resolve, reject) => {
        const onData = (chunk: Buffer) => {
          output += chunk.toString();
          const match = /Listening for webhooks on (http:\/\/\S+)/.exec(output);
          if (match) resolve(match[1]!);
        };
        child.stdout!.on('data', onData);
        child.stderr!.on('data', onData);
        child.once('exit', (code) => reject(new Error(`serve exited (${code}):\n${output}`)));
      });

      const answered = new Map<string, number>();
      const agent = new Agent({ keepAlive: true, maxSockets: 32 });
      let sent = 0;
      let killed = false;
      const killAfter = 400;
      const worker = async (): Promise<void> => {
        while (!killed) {
          const n = sent++;
          const body = Buffer.from(JSON.stringify({ orderId: `o-${n}`, orderType: 'FULL', description: 'burst', level: 'Info', type: 'Created', n, pad: 'x'.repeat(n % 500) }));
          try {
            const status = await postOnce(agent, listener, body);
            if (status >= 200 && status < 300) answered.set(createHash('sha256').update(body).digest('hex'), n);
          } catch {
            return; // the host is gone
          }
          if (answered.size >= killAfter && !killed) {
            killed = true;
            child.kill('SIGKILL');
          }
        }
      };
      await Promise.all(Array.from({ length: 32 }, worker));
      await exited;
      agent.destroy();
      expect(answered.size).toBeGreaterThanOrEqual(killAfter);

      const db = openDatabase(join(dataDir, 'hooklab.db'));
      const stored = new Set(
        (db.prepare('SELECT body_sha256 FROM received_deliveries').all() as Array<{ body_sha256: string }>).map((r) => r.body_sha256),
      );
      db.close();
      const missing = [...answered.keys()].filter((hash) => !stored.has(hash));
      expect(missing).toEqual([]);
    } finally {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
